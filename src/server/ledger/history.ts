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
  const rows = await historyRows(db, userId, { limit, beforeId, currency });
  return rows.map(toEntry);
}

/** One line of the member's history by its id, with the reference it was booked under; null when not theirs. */
export async function userHistoryLine(
  db: Db,
  userId: number,
  id: number,
): Promise<(HistoryEntry & { reference: string | null }) | null> {
  const [row] = await historyRows(db, userId, { limit: 1, id });
  return row ? { ...toEntry(row), reference: row.reference } : null;
}

type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

/** The transfers a member's history lists: one rule for the list and for a single line. */
function historyRows(
  db: Db,
  userId: number,
  q: { limit: number; beforeId?: number | undefined; currency?: "USD" | "FC" | undefined; id?: number },
) {
  const owner = `user:${userId}`;
  const own = sql`(select a.id from ${ledgerAccounts} a where a.owner_key = ${owner})`;
  return db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      currency: ledgerTransfers.currency,
      description: ledgerTransfers.description,
      reference: ledgerTransfers.reference,
      createdAt: ledgerTransfers.createdAt,
      incoming: sql<boolean>`${ledgerTransfers.creditAccountId} in ${own}`,
      outgoing: sql<boolean>`${ledgerTransfers.debitAccountId} in ${own}`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        q.id === undefined ? undefined : eq(ledgerTransfers.id, q.id),
        // Points have their own history (rewards feature); the wallet lists dollars and FitCoins.
        q.currency === undefined
          ? ne(ledgerTransfers.currency, "PTS")
          : eq(ledgerTransfers.currency, q.currency),
        // The books of an issued gift card name the member but move only the business's dollars.
        ne(ledgerTransfers.kind, "gift_card_cost"),
        q.beforeId === undefined ? undefined : lt(ledgerTransfers.id, q.beforeId),
        or(
          eq(ledgerTransfers.userId, userId),
          sql`${ledgerTransfers.debitAccountId} in ${own}`,
          sql`${ledgerTransfers.creditAccountId} in ${own}`,
        ),
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(q.limit);
}

function toEntry(r: HistoryRow): HistoryEntry {
  return {
    id: r.id,
    type: r.kind as HistoryEntry["type"],
    amount: `${r.incoming ? "+" : "-"}${formatMinor(r.amount)}`,
    currency: r.currency as "USD" | "FC",
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    source: r.incoming || r.outgoing ? "wallet" : "card",
  };
}
