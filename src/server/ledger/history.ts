import { desc, eq, sql } from "drizzle-orm";
import { formatMinor } from "../../core/money";
import type { Transaction } from "../../core/schemas/money";
import type { Db } from "../db/client";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";
import type { TransferKind } from "./transfer";

export type HistoryEntry = Transaction;

/**
 * A member's transactions, newest first, derived from the transfers that concern them: money
 * into their accounts is positive, out of them negative; a card payment between system accounts
 * made for them (the subscription) is money they spent.
 */
export async function userHistory(db: Db, userId: number, limit: number): Promise<HistoryEntry[]> {
  const owner = `user:${userId}`;
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      currency: ledgerTransfers.currency,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
      incoming: sql<boolean>`exists (select 1 from ${ledgerAccounts} a where a.id = ${ledgerTransfers.creditAccountId} and a.owner_key = ${owner})`,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.userId, userId))
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.kind as TransferKind,
    amount: `${r.incoming ? "+" : "-"}${formatMinor(r.amount)}`,
    currency: r.currency as "USD" | "FC",
    description: r.description,
    createdAt: r.createdAt.toISOString(),
  }));
}
