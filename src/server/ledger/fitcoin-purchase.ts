import { splitFitcoinPurchase } from "../../core/rules/fitcoins";
import type { Tx } from "../db/client";
import { systemAccount, userAccount } from "./accounts";
import { type TransferResult, transfer } from "./transfer";

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
  await transfer(tx, {
    ...common,
    from: p.from,
    to: await systemAccount(tx, "fitcoinReserve", p.userId),
    amount: split.fitcoins,
    currency: "USD",
    kind: "fitcoin_purchase",
    description: text.reserve,
    idempotencyKey: p.key("reserve"),
  });
  await transfer(tx, {
    ...common,
    from: p.from,
    to: await systemAccount(tx, "platformFees", p.userId),
    amount: split.fee,
    currency: "USD",
    kind: "platform_fee",
    description: text.fee,
    idempotencyKey: p.key("fee"),
  });
  const credit = await transfer(tx, {
    ...common,
    from: await systemAccount(tx, "fitcoinIssuance", p.userId),
    to: await userAccount(tx, p.userId, "FC"),
    amount: split.fitcoins,
    currency: "FC",
    kind: "fitcoin_purchase",
    description: text.fc,
    idempotencyKey: p.key("fc"),
  });
  return { ...split, credit };
}
