import { eq } from "drizzle-orm";
import { formatDate, formatDateTime, knownTimeZone } from "../../core/dates";
import { formatMinor, formatUsd } from "../../core/money";
import { splitFitcoinPurchase } from "../../core/rules/fitcoins";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { paymentReceiptEmail } from "./receipt-templates";

/*
 * Receipts are sent only by the path that booked the payment, after its transaction committed
 * (DESIGN 2.3: a webhook, the client's process-deposit call and reconciliation may all see one
 * payment; the ledger's idempotency key lets exactly one of them book it). So a payment gets one
 * receipt; a crash between the commit and the send loses it rather than sending two.
 *
 * That loss is accepted: the payment itself is booked and shows in the wallet's history and the
 * statement. Exactly once would need the receipt written inside the booking transaction (an outbox
 * row) and a job that delivers rows left unsent. The mailer does store every message in `emails`,
 * SMTP or not, but after the commit and outside any transaction, and nothing resends a row whose
 * delivery never started; building that delivery job (and retries that do not send twice when the
 * SMTP server accepted a message whose answer was lost) is more than a receipt is worth here.
 */

export type PaidFor =
  | { kind: "deposit" }
  | { kind: "fitcoins" }
  | { kind: "subscription"; periodStart: Date; periodEnd: Date };

export type ReceiptFacts = {
  userId: number;
  amountCents: number;
  /** The provider's payment id. */
  reference: string;
  paidAt: Date;
  paidFor: PaidFor;
  cardLast4?: string | null;
};

/** How a receipt writes a date: as the app does, in the member's language and profile zone. */
export type DateStyle = { timeZone: string; locale: string };

/** The member's receipt style from their profile (the email and the wallet's receipt page share it). */
export const receiptStyle = (user: { timeZone: string | null; locale: string | null }): DateStyle => ({
  timeZone: knownTimeZone(user.timeZone),
  locale: user.locale ?? "en-US",
});

/** A receipt's date: "26 Nov 2026, 11:55 (Europe/Berlin)". */
export const receiptDate = (at: Date, o: DateStyle) => `${formatDateTime(at, o)} (${o.timeZone})`;

/** What a card payment paid for, as its receipt says it. */
export function whatFor(p: PaidFor, amountCents: number, o: DateStyle): string {
  if (p.kind === "deposit") return "Wallet deposit";
  if (p.kind === "fitcoins") {
    const { fitcoins } = splitFitcoinPurchase(amountCents);
    return `${formatMinor(fitcoins)} FitCoins (after the 15% platform fee)`;
  }
  return `StepRace membership, ${formatDate(p.periodStart, o)} to ${formatDate(p.periodEnd, o)}`;
}

/** Emails the member the receipt of a card payment just booked. Never throws: mail is best effort. */
export async function sendPaymentReceipt(ctx: AppContext, facts: ReceiptFacts): Promise<void> {
  try {
    const [user] = await ctx.db
      .select({
        email: users.email,
        firstName: users.firstName,
        timeZone: users.timeZone,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, facts.userId));
    // An anonymised (deleted) member has no address left to write to.
    if (!user || user.email.endsWith("@deleted.invalid")) return;
    const style = receiptStyle(user);
    await ctx.mailer.send(
      user.email,
      paymentReceiptEmail({
        firstName: user.firstName,
        what: whatFor(facts.paidFor, facts.amountCents, style),
        amount: formatUsd(facts.amountCents),
        date: receiptDate(facts.paidAt, style),
        reference: facts.reference,
        cardLast4: facts.cardLast4,
        link: `${ctx.config.appUrl}/wallet`,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: facts.userId, reference: facts.reference }, "receipt could not be sent");
  }
}
