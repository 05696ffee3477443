import { fitcoinsFromMinor, formatMinor, formatUsd } from "../../../core/money";
import { splitFitcoinPurchase } from "../../../core/rules/fitcoins";
import { shiftDate } from "../../../core/rules/points";
import { utcToZonedTime, zonedTimeToUtc } from "../../../core/rules/zoned-time";
import type { StatementQuery, TransactionPage, TransactionPageQuery } from "../../../core/schemas/statements";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { userAccount, userBalances } from "../../ledger/accounts";
import { bookFitcoinPurchase } from "../../ledger/fitcoin-purchase";
import { userHistory } from "../../ledger/history";
import { statementCsv } from "../../ledger/statement";
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
 * One page of the member's history, newest first (GET /api/transactions/page). Keyset on the
 * transfer id: a page never repeats or skips a line however many arrive while the member scrolls.
 */
export async function historyPage(
  ctx: AppContext,
  viewer: Viewer,
  q: TransactionPageQuery,
): Promise<TransactionPage> {
  const user = requireUser(viewer);
  const rows = await userHistory(ctx.db, user.id, q.limit + 1, q.cursor, q.currency);
  const items = rows.slice(0, q.limit);
  return { items, nextCursor: rows.length > q.limit ? items[items.length - 1].id : null };
}

/**
 * The member's own statement as CSV lines (GET /api/transactions.csv), oldest first. The days are
 * the member's own (their profile's time zone), `to` included; the lines are read a page at a time
 * as the answer streams, so a long history is never built in memory, from the stale-ok database (a
 * long read the replica takes off the primary; the wallet and its history pages stay the primary's).
 */
export function statement(ctx: AppContext, viewer: Viewer, q: StatementQuery) {
  const user = requireUser(viewer);
  const from = q.from ? zonedTimeToUtc(q.from, "00:00", user.timeZone) : undefined;
  const to = q.to ? zonedTimeToUtc(shiftDate(q.to, 1), "00:00", user.timeZone) : undefined;
  // The member's today, as `from` and `to` are their days.
  const today = utcToZonedTime(ctx.clock.now(), user.timeZone).date;
  const name = `steprace-statement-${q.from ?? "start"}-to-${q.to ?? today}${q.currency ? `-${q.currency}` : ""}.csv`;
  return {
    filename: name,
    lines: statementCsv(ctx.staleOkDb, {
      userId: user.id,
      currencies: q.currency ? [q.currency] : ["USD", "FC"],
      from,
      to,
      timeZone: user.timeZone,
    }),
  };
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
