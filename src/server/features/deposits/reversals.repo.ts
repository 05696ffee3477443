import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { ledgerTransfers, paymentFlags, payments } from "../../db/schema";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { lockAccounts, transfer } from "../../ledger/transfer";

/** A refund or dispute of a card payment, as the provider reported it. */
export type CardReversal = {
  reason: "refund" | "dispute";
  /** The provider's refund or dispute id: each is booked once. */
  reference: string;
  amountCents: number;
};

export type BookedPayment = { userId: number; purpose: string; amountCents: number };

/** The succeeded card payment (deposit or FitCoin purchase) we booked under this provider id. */
export async function findBookedPayment(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<BookedPayment | undefined> {
  const [row] = await db
    .select({ userId: payments.userId, purpose: payments.purpose, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        eq(payments.status, "succeeded"),
      ),
    )
    .limit(1);
  return row;
}

/** The ledger key of a reversal; the part a wallet could not cover is booked under `${key}:loss`. */
export const reversalKey = (provider: string, r: Pick<CardReversal, "reason" | "reference">) =>
  `${r.reason}:${provider}:${r.reference}`;

const lossKey = (key: string) => `${key}:loss`;
const wonKey = (key: string) => `${key}:won`;

const DESCRIPTIONS = {
  refund: "Card refund of deposit",
  dispute: "Card dispute on deposit",
} as const;

async function bookedKeys(tx: Tx, keys: string[]) {
  const rows = await tx
    .select({ key: ledgerTransfers.idempotencyKey, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, keys));
  return new Map(rows.map((r) => [r.key as string, r.amount]));
}

export async function flagPayment(
  tx: Tx,
  values: {
    userId: number;
    provider: string;
    providerPaymentId: string;
    purpose: string;
    reversal: CardReversal;
    shortfallCents: number;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentFlags)
    .values({
      userId: values.userId,
      provider: values.provider,
      providerPaymentId: values.providerPaymentId,
      purpose: values.purpose,
      reason: values.reversal.reason,
      reference: values.reversal.reference,
      amountCents: values.reversal.amountCents,
      shortfallCents: values.shortfallCents,
      createdAt: values.at,
    })
    .onConflictDoNothing()
    .returning({ id: paymentFlags.id });
  return inserted.length > 0;
}

export type ReversalOutcome = { applied: boolean; fromWallet: number; shortfall: number };

/**
 * Takes a refunded or disputed deposit back, once per refund or dispute, inside the caller's
 * transaction: what the member's USD wallet holds (up to the amount) goes back to card payments,
 * the rest is paid by chargeback losses and the member is flagged for review.
 */
export async function reverseDeposit(
  tx: Tx,
  provider: string,
  providerPaymentId: string,
  payment: BookedPayment,
  r: CardReversal,
  at: Date,
): Promise<ReversalOutcome> {
  const key = reversalKey(provider, r);
  const card = await systemAccount(tx, "cardPayments", payment.userId);
  const wallet = await userAccount(tx, payment.userId, "USD");
  const losses = await systemAccount(tx, "chargebackLosses");
  const locked = await lockAccounts(tx, [card, wallet, losses]);
  // Checked under the locks: a concurrent delivery of the same event has committed by now.
  const seen = await bookedKeys(tx, [key, lossKey(key)]);
  if (seen.size > 0) {
    return { applied: false, fromWallet: seen.get(key) ?? 0, shortfall: seen.get(lossKey(key)) ?? 0 };
  }
  const balance = locked.find((a) => a.id === wallet)?.balance ?? 0;
  const fromWallet = Math.max(0, Math.min(balance, r.amountCents));
  const shortfall = r.amountCents - fromWallet;
  const common = { currency: "USD" as const, kind: "chargeback" as const, reference: providerPaymentId };
  if (fromWallet > 0) {
    await transfer(tx, {
      ...common,
      from: wallet,
      to: card,
      amount: fromWallet,
      description: DESCRIPTIONS[r.reason],
      userId: payment.userId,
      idempotencyKey: key,
    });
  }
  if (shortfall > 0) {
    // Between system accounts and without the member: it is not their money, so not their history.
    await transfer(tx, {
      ...common,
      from: losses,
      to: card,
      amount: shortfall,
      description: `${DESCRIPTIONS[r.reason]}: not covered by the wallet of member ${payment.userId}`,
      idempotencyKey: lossKey(key),
    });
    await flagPayment(tx, {
      userId: payment.userId,
      provider,
      providerPaymentId,
      purpose: payment.purpose,
      reversal: r,
      shortfallCents: shortfall,
      at,
    });
  }
  return { applied: true, fromWallet, shortfall };
}

/**
 * A dispute the platform won: the card network returned the money, so what the dispute took is
 * put back where it came from (the member's wallet, chargeback losses), once. Nothing when the
 * dispute was never booked.
 */
export async function reinstateDispute(
  tx: Tx,
  provider: string,
  providerPaymentId: string,
  payment: BookedPayment,
  disputeId: string,
): Promise<{ applied: boolean; toWallet: number; toLosses: number }> {
  const key = reversalKey(provider, { reason: "dispute", reference: disputeId });
  const card = await systemAccount(tx, "cardPayments", payment.userId);
  const wallet = await userAccount(tx, payment.userId, "USD");
  const losses = await systemAccount(tx, "chargebackLosses");
  await lockAccounts(tx, [card, wallet, losses]);
  const seen = await bookedKeys(tx, [key, lossKey(key), wonKey(key), wonKey(lossKey(key))]);
  const toWallet = seen.get(key) ?? 0;
  const toLosses = seen.get(lossKey(key)) ?? 0;
  if (seen.has(wonKey(key)) || seen.has(wonKey(lossKey(key))) || toWallet + toLosses === 0) {
    return { applied: false, toWallet, toLosses };
  }
  const common = { currency: "USD" as const, kind: "chargeback" as const, reference: providerPaymentId };
  if (toWallet > 0) {
    await transfer(tx, {
      ...common,
      from: card,
      to: wallet,
      amount: toWallet,
      description: "Card dispute won: deposit returned",
      userId: payment.userId,
      idempotencyKey: wonKey(key),
    });
  }
  if (toLosses > 0) {
    await transfer(tx, {
      ...common,
      from: card,
      to: losses,
      amount: toLosses,
      description: `Card dispute won: loss recovered for member ${payment.userId}`,
      idempotencyKey: wonKey(lossKey(key)),
    });
  }
  return { applied: true, toWallet, toLosses };
}
