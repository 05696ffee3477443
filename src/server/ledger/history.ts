import { and, desc, eq, lt, ne, or, sql } from "drizzle-orm";
import { formatMinor } from "../../core/money";
import type { Transaction } from "../../core/schemas/money";
import type { Db } from "../db/client";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";

export type HistoryEntry = Transaction;

/**
 * A member's transactions, newest first: every transfer into or out of their accounts (money in
 * is positive, out negative), plus card payments made for them between system accounts (the
 * membership, FitCoins bought by card), shown as money they spent with `source: "card"`.
 */
export async function userHistory(
  db: Db,
  userId: number,
  limit: number,
  /** Only transfers older than this one (paging by id, newest first). */
  beforeId?: number,
  /** One currency only (the FitCoin history is FC); both by default. */
  currency?: "USD" | "FC",
): Promise<HistoryEntry[]> {
  const owner = `user:${userId}`;
  const own = sql`(select a.id from ${ledgerAccounts} a where a.owner_key = ${owner})`;
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      currency: ledgerTransfers.currency,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
      incoming: sql<boolean>`${ledgerTransfers.creditAccountId} in ${own}`,
      outgoing: sql<boolean>`${ledgerTransfers.debitAccountId} in ${own}`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        // Points have their own history (rewards feature); the wallet lists dollars and FitCoins.
        currency === undefined ? ne(ledgerTransfers.currency, "PTS") : eq(ledgerTransfers.currency, currency),
        // The books of an issued gift card name the member but move only the business's dollars.
        ne(ledgerTransfers.kind, "gift_card_cost"),
        beforeId === undefined ? undefined : lt(ledgerTransfers.id, beforeId),
        or(
          eq(ledgerTransfers.userId, userId),
          sql`${ledgerTransfers.debitAccountId} in ${own}`,
          sql`${ledgerTransfers.creditAccountId} in ${own}`,
        ),
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.kind as HistoryEntry["type"],
    amount: `${r.incoming ? "+" : "-"}${formatMinor(r.amount)}`,
    currency: r.currency as "USD" | "FC",
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    source: r.incoming || r.outgoing ? "wallet" : "card",
  }));
}
