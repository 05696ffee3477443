import type { Payout } from "../../core/rules/prize-split";
import type { Tx } from "../db/client";
import { poolAccount, userAccount } from "./accounts";
import { transfer } from "./transfer";

/**
 * Pays a pool's prizes (competitions and group competitions alike): one `prize` transfer per
 * winner from the pool's account, each under its own key, inside the caller's settlement
 * transaction, so a settlement run twice pays nobody twice.
 */
export async function payPrizes(
  tx: Tx,
  pool: { ownerKey: string; label: string },
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
      reference: pool.ownerKey,
      idempotencyKey: `prize:${pool.ownerKey}:${p.userId}`,
    });
  }
}
