import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

export type AuditMismatch =
  | { kind: "currency_not_zero"; currency: string; sum: number }
  | {
      kind: "balance_mismatch";
      accountId: number;
      ownerKey: string;
      currency: string;
      balance: number;
      fromTransfers: number;
    }
  | { kind: "overdraft"; accountId: number; ownerKey: string; balance: number };

export type AuditReport = { ok: boolean; accounts: number; transfers: number; mismatches: AuditMismatch[] };

/**
 * Checks the books: every currency sums to zero, every account's balance equals what its
 * transfers add up to, and no account that may not go negative is negative.
 */
export async function auditLedger(db: Db): Promise<AuditReport> {
  const mismatches: AuditMismatch[] = [];
  const counts = await queryRows<{ accounts: string; transfers: string }>(
    db,
    sql`
    select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transfers) as transfers`,
  );
  const sums = await queryRows<{ currency: string; sum: string }>(
    db,
    sql`
    select currency, sum(balance)::text as sum from ledger_accounts group by currency`,
  );
  for (const row of sums) {
    if (BigInt(row.sum) !== 0n)
      mismatches.push({ kind: "currency_not_zero", currency: row.currency, sum: Number(row.sum) });
  }
  const accounts = await queryRows<{
    id: number;
    owner_key: string;
    currency: string;
    balance: string;
    from_transfers: string;
    allow_negative: boolean;
  }>(
    db,
    sql`
    select a.id, a.owner_key, a.currency, a.balance::text as balance, a.allow_negative,
      (coalesce((select sum(amount) from ledger_transfers t where t.credit_account_id = a.id), 0)
       - coalesce((select sum(amount) from ledger_transfers t where t.debit_account_id = a.id), 0))::text as from_transfers
    from ledger_accounts a`,
  );
  for (const a of accounts) {
    if (a.balance !== a.from_transfers) {
      mismatches.push({
        kind: "balance_mismatch",
        accountId: Number(a.id),
        ownerKey: a.owner_key,
        currency: a.currency,
        balance: Number(a.balance),
        fromTransfers: Number(a.from_transfers),
      });
    }
    if (!a.allow_negative && BigInt(a.balance) < 0n) {
      mismatches.push({
        kind: "overdraft",
        accountId: Number(a.id),
        ownerKey: a.owner_key,
        balance: Number(a.balance),
      });
    }
  }
  const [c] = counts;
  return {
    ok: mismatches.length === 0,
    accounts: Number(c.accounts),
    transfers: Number(c.transfers),
    mismatches,
  };
}
