import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { User } from "../../../core/schemas/auth";
import { shownTimeZone } from "../../../core/time-zones";
import type { AppContext } from "../../context";
import type { ViewerUser } from "../../http/viewer";
import { userBalances } from "../../ledger/accounts";
import { pendingEmailOf } from "./email-verification.service";

/** The current-user answer (spec document 1 section 3), with the wallet and FitCoin balances. */
export async function userView(ctx: AppContext, user: ViewerUser): Promise<User> {
  const { usd, fc } = await userBalances(ctx.db, user.id);
  return toUserView(user, usd, fc, await pendingEmailOf(ctx.db, user.id, ctx.clock.now()));
}

function toUserView(user: ViewerUser, usdCents: number, fcMinor: number, pendingEmail: string | null): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    balance: formatMinor(usdCents),
    // FitCoins travel as a number (42.5), as the specification shapes them; only for display.
    fitcoins: fitcoinsFromMinor(fcMinor),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionPeriodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
    rulesAccepted: user.rulesAcceptedAt !== null,
    isAdmin: user.isAdmin,
    // A zone stored by an old name (Asia/Calcutta) shows by its current one (Asia/Kolkata).
    timeZone: shownTimeZone(user.timeZone),
    stepGoal: user.stepGoal,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
  };
}
