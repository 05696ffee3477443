import { sql } from "drizzle-orm";
import type { Payout } from "../../core/rules/prize-split";
import { queryRows, type Tx } from "../db/client";
import { poolAccount, userAccount } from "./accounts";
import { transfer } from "./transfer";

/**
 * Pays a competition's prizes from its pool (competitions and group rounds alike): one `prize`
 * transfer per winner, inside the caller's settlement transaction, each under a key of the
 * competition, never of the pool: a group's pool pays round after round, and a key of the pool
 * would take a second win of the same amount for a retry (paying nothing) or refuse another
 * amount. A settlement run twice still pays nobody twice.
 */
export async function payPrizes(
  tx: Tx,
  pool: { ownerKey: string; label: string },
  competitionId: number,
  payouts: readonly Payout[],
): Promise<void> {
  const from = await poolAccount(tx, pool.ownerKey);
  for (const p of payouts) {
    await transfer(tx, {
      from,
      to: await userAccount(tx, p.userId, "FC"),
      amount: p.amount,
      currency: "FC",
      kind: "prize",
      description: `Prize, place ${p.position}: ${pool.label}`,
      userId: p.userId,
      // The competition, not the pool: a group's rounds are each a win (achievements count them).
      reference: `competition:${competitionId}`,
      idempotencyKey: `prize:competition:${competitionId}:${p.userId}`,
    });
  }
}

/**
 * What each member has put into a pool since its latest payout and not had back: entry fees and
 * contributions in, minus refunds out, read from the ledger itself (the one record of who paid what).
 */
export async function netPaidIn(tx: Tx, ownerKey: string): Promise<Map<number, number>> {
  const pool = await poolAccount(tx, ownerKey);
  const rows = await queryRows<{ user_id: number; net: string }>(
    tx,
    sql`select user_id, sum(case when credit_account_id = ${pool} then amount else -amount end)::text as net
      from ledger_transfers
      where user_id is not null
        -- A payout empties the pool: only what came in after the latest one is anyone's to take back.
        and id > coalesce((select max(p.id) from ledger_transfers p
          where p.debit_account_id = ${pool} and p.kind = 'prize'), 0)
        and (
        (credit_account_id = ${pool} and kind in ('entry_fee', 'pool_contribution'))
        or (debit_account_id = ${pool} and kind = 'refund'))
      group by user_id`,
  );
  const paid = new Map<number, number>();
  for (const r of rows) if (Number(r.net) > 0) paid.set(r.user_id, Number(r.net));
  return paid;
}

/**
 * Gives back what members put into a pool (all of them, or those named), each once under
 * `{keyPrefix}:{userId}`: leaving before the start, a deletion, a settlement nobody was eligible for.
 * Answers the hundredths refunded.
 */
export async function refundPaidIn(
  tx: Tx,
  pool: { ownerKey: string; label: string },
  keyPrefix: string,
  only?: number[],
): Promise<number> {
  const paid = await netPaidIn(tx, pool.ownerKey);
  const from = await poolAccount(tx, pool.ownerKey);
  let total = 0;
  for (const [userId, amount] of paid) {
    if (only && !only.includes(userId)) continue;
    await transfer(tx, {
      from,
      to: await userAccount(tx, userId, "FC"),
      amount,
      currency: "FC",
      kind: "refund",
      description: `Refund: ${pool.label}`,
      userId,
      reference: pool.ownerKey,
      idempotencyKey: `${keyPrefix}:${userId}`,
    });
    total += amount;
  }
  return total;
}
