import type { User } from "../../../core/schemas/auth";
import type { ViewerUser } from "../../http/viewer";

/** The current-user answer (spec document 1 section 3). Balances come from the ledger once it exists. */
export function toUserView(user: ViewerUser): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    balance: "0.00",
    fitcoins: 0,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionPeriodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
    rulesAccepted: user.rulesAcceptedAt !== null,
    isAdmin: user.isAdmin,
    timeZone: user.timeZone,
    stepGoal: user.stepGoal,
    createdAt: user.createdAt.toISOString(),
  };
}
