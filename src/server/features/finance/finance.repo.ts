import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { SYSTEM_ACCOUNTS } from "../../ledger/accounts";

/** A LIKE pattern matching `prefix` literally (its `_` and `%` are not wildcards), then anything. */
const startsWith = (prefix: string) => `${prefix.replace(/[\\_%]/g, "\\$&")}%`;

/**
 * What an account is, from its owner key: "user" (a member), "pool" (a competition's or group's
 * FitCoins), a SYSTEM_ACCOUNTS name (every shard of a sharded one counts as that account),
 * "pointsIssuance" or "other". The finance figures are sums over these classes.
 */
export function accountClass(ownerKey: SQL): SQL<string> {
  const system = Object.entries(SYSTEM_ACCOUNTS).map(([name, a]) =>
    "sharded" in a
      ? sql`when ${ownerKey} = ${a.key} or ${ownerKey} like ${startsWith(`${a.key}:`)} then ${name}`
      : sql`when ${ownerKey} = ${a.key} then ${name}`,
  );
  return sql<string>`case
    when ${ownerKey} like 'user:%' then 'user'
    when ${ownerKey} like 'competition:%' or ${ownerKey} like 'group:%' then 'pool'
    ${sql.join(system, sql` `)}
    when ${ownerKey} like ${startsWith("system:points_issuance:")} then 'pointsIssuance'
    else 'other' end`;
}

export type Flow = {
  kind: string;
  currency: string;
  debit: string;
  credit: string;
  count: number;
  /** Minor units. */
  amount: number;
};

/** Every transfer of [from, to), summed by kind, currency and the classes of its two accounts. */
export async function flows(db: Db, from: Date, to: Date): Promise<Flow[]> {
  const rows = await queryRows<{
    kind: string;
    currency: string;
    debit: string;
    credit: string;
    n: number;
    total: string;
  }>(
    db,
    sql`select t.kind, t.currency, ${accountClass(sql`d.owner_key`)} as debit,
      ${accountClass(sql`c.owner_key`)} as credit, count(*)::int as n, sum(t.amount)::text as total
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({ ...r, count: r.n, amount: Number(r.total) }));
}

/** How many distinct card payments had money taken back (a chargeback's wallet and loss parts are one). */
export async function chargedBackPayments(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct coalesce(t.reference, t.id::text))::int as n
    from ledger_transfers t join ledger_accounts c on c.id = t.credit_account_id
    where t.kind = 'chargeback' and ${accountClass(sql`c.owner_key`)} = 'cardPayments'
      and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

export type ClassBalance = { class: string; currency: string; balance: number };

/**
 * Each class's balance at the instant `at`: today's balances minus every movement at or after it.
 * One statement, so balances and transfers are read from one snapshot; for a recent `at` it reads
 * few transfers (the created_at index), where summing from the start would read them all.
 */
export async function balancesAt(db: Db, at: Date): Promise<ClassBalance[]> {
  const rows = await queryRows<{ cls: string; currency: string; balance: string }>(
    db,
    sql`with later as (
      select account_id, sum(delta) as delta from (
        select credit_account_id as account_id, amount as delta from ledger_transfers
          where created_at >= ${at.toISOString()}::timestamptz
        union all
        select debit_account_id, -amount from ledger_transfers
          where created_at >= ${at.toISOString()}::timestamptz
      ) moves group by account_id
    )
    select ${accountClass(sql`a.owner_key`)} as cls, a.currency,
      (sum(a.balance) - coalesce(sum(l.delta), 0))::text as balance
    from ledger_accounts a left join later l on l.account_id = a.id
    group by 1, 2`,
  );
  return rows.map((r) => ({ class: r.cls, currency: r.currency, balance: Number(r.balance) }));
}
