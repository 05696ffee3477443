import { and, eq, inArray, sql } from "drizzle-orm";
import { formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import { ledgerAccounts, ledgerTransfers } from "../../db/schema";
import { requireUser, type Viewer } from "../../http/viewer";
import { userBalances } from "../../ledger/accounts";
import { todaySteps } from "../steps/steps.service";

/** Prize money: transfers of these kinds into the member's FitCoin account. */
const WINNING_KINDS = ["prize", "winnings"];

/** Paid by settlements, never by the member: a second stale is fine (the replica, issue 31). */
async function totalWinnings(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.staleOkDb
    .select({ total: sql<number>`coalesce(sum(${ledgerTransfers.amount}), 0)::bigint` })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        eq(ledgerAccounts.ownerKey, `user:${userId}`),
        eq(ledgerAccounts.currency, "FC"),
        inArray(ledgerTransfers.kind, WINNING_KINDS),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The dashboard's figures: step goal, wallet balance (dollars), prize FitCoins won, steps today. The
 * balance and today's steps are what the member just changed (a payment, a sync): the primary's.
 */
export async function stats(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const [balances, winnings, steps] = await Promise.all([
    userBalances(ctx.db, user.id),
    totalWinnings(ctx, user.id),
    todaySteps(ctx, user),
  ]);
  return {
    stepGoal: user.stepGoal,
    balance: formatMinor(balances.usd),
    totalWinnings: formatMinor(winnings),
    todaySteps: steps,
    offline: false,
  };
}
