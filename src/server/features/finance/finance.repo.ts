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
  /** The transfer's kind; `chargeback` transfers of card refunds as `card_refund` (see `figureKind`). */
  kind: string;
  currency: string;
  debit: string;
  credit: string;
  count: number;
  /** Minor units. */
  amount: number;
};

/**
 * The kind a transfer counts under in the figures. Card refunds and disputes of a deposit are both
 * written as kind `chargeback` (the member's history calls both so), told apart by the idempotency
 * key `reversalKey` gives them: `refund:<provider>:<id>` (and `:loss`) for a refund,
 * `dispute:<provider>:<id>` (and `:loss`, `:won`, `:loss:won`) for a dispute. The figures read
 * refunds as `card_refund`; any other chargeback (a dispute, or a row without such a key) stays one.
 */
const figureKind = sql`case when t.kind = 'chargeback' and t.idempotency_key like 'refund:%'
  then 'card_refund' else t.kind end`;

const inRange = (from: Date, to: Date) =>
  sql`t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz`;

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
    sql`select ${figureKind} as kind, t.currency, ${accountClass(sql`d.owner_key`)} as debit,
      ${accountClass(sql`c.owner_key`)} as credit, count(*)::int as n, sum(t.amount)::text as total
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where ${inRange(from, to)}
    group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({ ...r, count: r.n, amount: Number(r.total) }));
}

export type ReversalCounts = { refunds: number; disputes: number; disputesWon: number };

/**
 * How many card refunds and disputes the range booked, and how many disputes it saw won: each
 * counted once, though its wallet part and its loss part are two transfers (one provider id).
 */
export async function reversalCounts(db: Db, from: Date, to: Date): Promise<ReversalCounts> {
  const rows = await queryRows<{ what: string; n: number }>(
    db,
    sql`select case when t.idempotency_key like 'refund:%' then 'refunds'
        when t.idempotency_key like '%:won' then 'disputesWon' else 'disputes' end as what,
      count(distinct regexp_replace(coalesce(t.idempotency_key, t.id::text), '(:loss)?(:won)?$', ''))::int as n
    from ledger_transfers t
    where t.kind = 'chargeback' and ${inRange(from, to)}
    group by 1`,
  );
  const of = (what: keyof ReversalCounts) => rows.find((r) => r.what === what)?.n ?? 0;
  return { refunds: of("refunds"), disputes: of("disputes"), disputesWon: of("disputesWon") };
}

/**
 * Card refunds and disputes of the range that were flagged and never booked: those of memberships
 * and FitCoin purchases (a deposit's flag marks a shortfall that was booked). Reviewed or not: an
 * admin's review does not book them either.
 */
export async function unbookedCardReversals(db: Db, from: Date, to: Date) {
  const [row] = await queryRows<{ n: number; open: number; total: string }>(
    db,
    sql`select count(*)::int as n, count(*) filter (where f.reviewed_at is null)::int as open,
      coalesce(sum(f.amount_cents), 0)::text as total
    from payment_flags f
    where f.purpose <> 'deposit'
      and f.created_at >= ${from.toISOString()}::timestamptz and f.created_at < ${to.toISOString()}::timestamptz`,
  );
  return { count: row?.n ?? 0, open: row?.open ?? 0, amount: Number(row?.total ?? 0) };
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
