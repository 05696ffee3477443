import { fitcoinsFromMinor, formatMinor, formatUsd } from "../../../core/money";
import { splitFitcoinPurchase } from "../../../core/rules/fitcoins";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { userAccount, userBalances } from "../../ledger/accounts";
import { bookFitcoinPurchase } from "../../ledger/fitcoin-purchase";
import { userHistory } from "../../ledger/history";
import * as rewards from "../rewards/rewards.service";

const HISTORY_LIMIT = 100;
const RECENT_LIMIT = 3;

export async function balances(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return userBalances(ctx.db, user.id);
}

/** FitCoins and the gift cards they bought, latest first (GET /api/fitcoin/balance). */
export async function fitcoinBalance(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const [{ fc }, redemptions] = await Promise.all([
    userBalances(ctx.db, user.id),
    rewards.fitcoinRedemptions(ctx, user.id),
  ]);
  return { balance: fitcoinsFromMinor(fc), redemptions };
}

export async function history(ctx: AppContext, viewer: Viewer, recent = false) {
  const user = requireUser(viewer);
  return userHistory(ctx.db, user.id, recent ? RECENT_LIMIT : HISTORY_LIMIT);
}

/**
 * Converts wallet dollars to FitCoins: 85% of the amount becomes FitCoins (rounded down to the
 * hundredth), 15% is the platform fee. Three transfers in one transaction: the dollars that
 * back the new FitCoins go to the reserve, the fee to platform fees, the FitCoins are issued.
 */
export async function convertToFitcoins(
  ctx: AppContext,
  viewer: Viewer,
  amountCents: number,
  idempotencyKey?: string,
) {
  // Not competing (DESIGN 1, lapsed members): wallet dollars leave only as FitCoin gift cards, so a
  // member whose plan ended converts them to redeem what they hold.
  const user = requireUser(viewer);
  const { fitcoins, fee } = splitFitcoinPurchase(amountCents);
  // With the client's key, a replayed request finds its three transfers written and changes nothing.
  const key = (part: string) => (idempotencyKey ? `convert:${user.id}:${idempotencyKey}:${part}` : null);
  try {
    await ctx.db.transaction(async (tx) =>
      bookFitcoinPurchase(tx, {
        userId: user.id,
        from: await userAccount(tx, user.id, "USD"),
        amountCents,
        describe: () => ({
          reserve: `Converted ${formatUsd(amountCents)} to ${formatMinor(fitcoins)} FitCoins`,
          fee: "15% platform fee on FitCoin conversion",
          fc: `${formatMinor(fitcoins)} FitCoins from ${formatUsd(amountCents)}`,
        }),
        key,
      }),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") {
      const { usd } = await userBalances(ctx.db, user.id);
      throw new AppError(422, "INSUFFICIENT_FUNDS", `Amount cannot exceed your balance of ${formatUsd(usd)}`);
    }
    throw err;
  }
  const after = await userBalances(ctx.db, user.id);
  return {
    message: `Converted ${formatUsd(amountCents)} to ${formatMinor(fitcoins)} FitCoins`,
    fitcoins: fitcoinsFromMinor(fitcoins),
    fee: formatMinor(fee),
    balance: formatMinor(after.usd),
    fitcoinBalance: fitcoinsFromMinor(after.fc),
  };
}
