import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client";

/** The idempotency key of a grant's reversal: one per grant, so it can only ever happen once. */
export const reversalKey = (grantId: number) => `reversal:${grantId}`;

/** The reference a reversal carries: the transfer it takes back. */
export const reversalReference = (grantId: number) => `transfer:${grantId}`;

export type AdminMove = {
  /** The admin who moved it: `actor_id`, or for grants made before it existed, the `admin:<id>` reference. */
  admin: { id: number; username: string } | null;
  /** A grant's reversal, when it was reversed. */
  reversedBy: number | null;
  /** The grant a reversal takes back. */
  reverses: number | null;
};

/** Who made each of these grants and reversals (other transfers are left out), and what reverses what. */
export async function adminMoves(db: Db, transferIds: number[]): Promise<Map<number, AdminMove>> {
  if (transferIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    actor_id: number | null;
    username: string | null;
    reversed_by: string | null;
    reverses: string | null;
  }>(
    db,
    sql`with moves as (
      select t.id, t.kind, t.reference,
        coalesce(t.actor_id, case when t.reference ~ '^admin:[0-9]{1,9}$' then substring(t.reference from 7)::int end) as actor_id
      from ledger_transfers t
      where t.id in (${sql.join(
        transferIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and t.kind in ('admin_grant', 'admin_reversal')
    )
    select m.id::text as id, m.actor_id, u.username,
      (select r.id from ledger_transfers r where r.idempotency_key = 'reversal:' || m.id)::text as reversed_by,
      case when m.kind = 'admin_reversal' and m.reference ~ '^transfer:[0-9]{1,18}$'
        then substring(m.reference from 10) end as reverses
    from moves m left join users u on u.id = m.actor_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        admin: r.actor_id !== null && r.username !== null ? { id: r.actor_id, username: r.username } : null,
        reversedBy: r.reversed_by === null ? null : Number(r.reversed_by),
        reverses: r.reverses === null ? null : Number(r.reverses),
      },
    ]),
  );
}

/**
 * A transfer, its row locked until the transaction ends: two admins reversing the same grant at
 * once queue here, and the second finds the first's reversal.
 */
export async function lockTransfer(tx: Tx, id: number) {
  const [row] = await queryRows<{
    id: string;
    kind: string;
    amount: string;
    currency: string;
    debit_account_id: number;
    credit_account_id: number;
    user_id: number | null;
  }>(
    tx,
    sql`select id::text, kind, amount::text, currency, debit_account_id, credit_account_id, user_id
      from ledger_transfers where id = ${id} for update`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: row.kind,
    amount: Number(row.amount),
    currency: row.currency,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    userId: row.user_id,
  };
}

/** The transfer written under an idempotency key, if any. */
export async function transferIdByKey(db: Db | Tx, key: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from ledger_transfers where idempotency_key = ${key}`,
  );
  return row ? Number(row.id) : undefined;
}
