import { splitFitcoinPurchase } from "../../core/rules/fitcoins";
import type { Tx } from "../db/client";
import { purchaseAccounts } from "./accounts";
import { type TransferResult, transferAll } from "./transfer";

type Part = "reserve" | "fee" | "fc";

/**
 * Books a FitCoin purchase paid from `from` (the member's wallet for a conversion, card payments
 * for a purchase by card): 85% of the dollars to the FitCoin reserve, 15% to platform fees, and
 * the FitCoins issued to the member. Answers the split and the transfer that credits the member.
 */
export async function bookFitcoinPurchase(
  tx: Tx,
  p: {
    userId: number;
    from: number;
    amountCents: number;
    reference?: string | null;
    describe: (split: { fitcoins: number; fee: number }) => Record<Part, string>;
    key: (part: Part) => string | null;
  },
): Promise<{ fitcoins: number; fee: number; credit: TransferResult }> {
  const split = splitFitcoinPurchase(p.amountCents);
  const text = p.describe(split);
  const common = { userId: p.userId, reference: p.reference ?? null };
  const [reserve, fees, issuance, coins] = await purchaseAccounts(tx, p.userId);
  // The three movements in one go: the payer must cover the whole amount.
  const [, , credit] = await transferAll(tx, [
    {
      ...common,
      from: p.from,
      to: reserve,
      amount: split.fitcoins,
      currency: "USD",
      kind: "fitcoin_purchase",
      description: text.reserve,
      idempotencyKey: p.key("reserve"),
    },
    {
      ...common,
      from: p.from,
      to: fees,
      amount: split.fee,
      currency: "USD",
      kind: "platform_fee",
      description: text.fee,
      idempotencyKey: p.key("fee"),
    },
    {
      ...common,
      from: issuance,
      to: coins,
      amount: split.fitcoins,
      currency: "FC",
      kind: "fitcoin_purchase",
      description: text.fc,
      idempotencyKey: p.key("fc"),
    },
  ]);
  return { ...split, credit };
}
