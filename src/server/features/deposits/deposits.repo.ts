import { and, eq, inArray } from "drizzle-orm";
import { formatMinor, formatUsd } from "../../../core/money";
import type { Db, Tx } from "../../db/client";
import { ledgerTransfers, payments, users } from "../../db/schema";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { bookFitcoinPurchase } from "../../ledger/fitcoin-purchase";
import { transfer } from "../../ledger/transfer";
import type { PaymentPurpose } from "../../payments/provider";

export type SucceededIntent = {
  id: string;
  userId: number;
  amountCents: number;
  purpose: PaymentPurpose;
  /** Known to some paths only (the sandbox's card form); for the receipt. */
  cardLast4?: string | null;
};

/** The ledger key of a provider payment: the same for the webhook, process-deposit and reconciliation. */
export const paymentKey = (provider: string, providerPaymentId: string) =>
  `payment:${provider}:${providerPaymentId}`;

/**
 * Books a succeeded card payment inside the caller's transaction, once: the payments row is
 * unique by (provider, id), and only the transaction that inserted it moves money. A deposit is
 * card payments -> the member's wallet; a FitCoin purchase puts 85% in the FitCoin reserve and
 * 15% in platform fees, and issues the FitCoins. Answers the transfer that credits the member.
 */
export async function bookPayment(
  tx: Tx,
  provider: string,
  intent: SucceededIntent,
  at: Date,
): Promise<{ applied: boolean; transferId: number }> {
  const key = paymentKey(provider, intent.id);
  const inserted = await tx
    .insert(payments)
    .values({
      userId: intent.userId,
      provider,
      providerPaymentId: intent.id,
      purpose: intent.purpose,
      amountCents: intent.amountCents,
      status: "succeeded",
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) {
    const [booked] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, key))
      .limit(1);
    return { applied: false, transferId: booked?.id ?? 0 };
  }

  const card = await systemAccount(tx, "cardPayments", intent.userId);
  const common = { userId: intent.userId, reference: intent.id };
  if (intent.purpose === "deposit") {
    const credit = await transfer(tx, {
      ...common,
      from: card,
      to: await userAccount(tx, intent.userId, "USD"),
      amount: intent.amountCents,
      currency: "USD",
      kind: "deposit",
      description: "Deposit via card",
      idempotencyKey: key,
    });
    return { applied: credit.applied, transferId: credit.id };
  }

  const { credit } = await bookFitcoinPurchase(tx, {
    userId: intent.userId,
    from: card,
    amountCents: intent.amountCents,
    reference: intent.id,
    describe: ({ fitcoins }) => ({
      reserve: `Bought ${formatMinor(fitcoins)} FitCoins by card`,
      fee: "15% platform fee on FitCoin purchase",
      fc: `${formatMinor(fitcoins)} FitCoins for ${formatUsd(intent.amountCents)} by card`,
    }),
    key: (part) => (part === "fc" ? key : `${key}:${part}`),
  });
  return { applied: credit.applied, transferId: credit.id };
}

/** Of these provider payment ids, the ones already booked. */
export async function bookedPaymentIds(db: Db, provider: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, "succeeded"),
        inArray(payments.providerPaymentId, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A declined card, kept for the payment monitor (its own id: the intent stays payable). */
export async function recordDeclinedPayment(
  db: Db,
  values: {
    provider: string;
    intent: SucceededIntent;
    code: string;
    message: string;
    at: Date;
  },
) {
  await db
    .insert(payments)
    .values({
      userId: values.intent.userId,
      provider: values.provider,
      providerPaymentId: `${values.intent.id}_failed_${values.at.getTime()}`,
      purpose: values.intent.purpose,
      amountCents: values.intent.amountCents,
      status: "failed",
      failureCode: values.code,
      failureMessage: values.message,
      createdAt: values.at,
    })
    .onConflictDoNothing();
}

/** Of these user ids, the ones this database has. */
export async function existingUserIds(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 500)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}
