import { and, eq } from "drizzle-orm";
import { formatMinor, formatUsd } from "../../../core/money";
import type { TransactionReceipt, TransactionType } from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import { type PaidFor, receiptDate, receiptStyle, whatFor } from "../../email/receipts";
import { notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { userHistoryLine } from "../../ledger/history";
import { addMonth } from "../../payments/provider";

/** The lines a card payment books under the provider's payment id (its receipt's reference). */
const CARD_PAYMENT_LINES: ReadonlySet<TransactionType> = new Set([
  "deposit",
  "fitcoin_purchase",
  "platform_fee",
  "subscription",
]);

/** The member's own succeeded card payment under a provider id, or null. */
async function memberPayment(db: Db, userId: number, providerPaymentId: string) {
  const [row] = await db
    .select({ purpose: payments.purpose, amountCents: payments.amountCents, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.providerPaymentId, providerPaymentId),
        eq(payments.status, "succeeded"),
      ),
    )
    .limit(1);
  return row ?? null;
}

function paidFor(payment: { purpose: string; createdAt: Date }): PaidFor {
  if (payment.purpose === "subscription") {
    // A membership payment is recorded at its period's start; the plan is monthly.
    return { kind: "subscription", periodStart: payment.createdAt, periodEnd: addMonth(payment.createdAt) };
  }
  return { kind: payment.purpose === "fitcoins" ? "fitcoins" : "deposit" };
}

/** A line's own amount, unsigned, in its currency's words. */
function lineAmount(amount: string, currency: "USD" | "FC"): string {
  const minor = Math.round(Number(amount.replace(/^[+-]/, "")) * 100);
  return currency === "USD" ? formatUsd(minor) : `${formatMinor(minor)} FitCoins`;
}

/**
 * The receipt of one line of the member's wallet history (GET /api/transactions/:id/receipt). A
 * line of someone else's, or no line at all, is 404 alike: nobody learns which ids exist.
 */
export async function transactionReceipt(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<TransactionReceipt> {
  const user = requireUser(viewer);
  const line = await userHistoryLine(ctx.db, user.id, id);
  if (!line) throw notFound("Transaction not found");
  const { reference, ...shown } = line;
  const style = receiptStyle(user);
  const payment =
    reference && CARD_PAYMENT_LINES.has(line.type) ? await memberPayment(ctx.db, user.id, reference) : null;
  if (payment && reference) {
    // What the payment's receipt email says (email/receipts.ts), from the same rules.
    return {
      kind: "payment",
      amount: formatUsd(payment.amountCents),
      what: whatFor(paidFor(payment), payment.amountCents, style),
      date: receiptDate(new Date(line.createdAt), style),
      reference,
      line: shown,
    };
  }
  return {
    kind: "transaction",
    amount: lineAmount(line.amount, line.currency),
    what: line.description,
    date: receiptDate(new Date(line.createdAt), style),
    reference: `TX-${line.id}`,
    line: shown,
  };
}
