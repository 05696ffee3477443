import { escapeHtml } from "../http/escape-html";
import { type EmailContent, emailButton, layout } from "./templates";

/* Receipts of card payments (issue 23, item 5): a deposit, FitCoins bought by card, the membership. */

export type Receipt = {
  firstName: string;
  /** What the money paid for, as the member reads it: "Wallet deposit", "StepRace membership ...". */
  what: string;
  /** "$25.00" */
  amount: string;
  /** When it was paid, in the member's time zone: "26 Nov 2026, 11:55 (Europe/Berlin)". */
  date: string;
  /** The payment provider's id of the payment. */
  reference: string;
  /** The card's last four digits, when the provider told us. */
  cardLast4?: string | null;
  /** Where the member sees it in the app. */
  link: string;
};

export function paymentReceiptEmail(r: Receipt): EmailContent {
  const subject = `Your StepRace receipt: ${r.amount} for ${r.what}`;
  const rows: [string, string][] = [
    ["Amount", r.amount],
    ["For", r.what],
    ["Date", r.date],
    ["Reference", r.reference],
    ...(r.cardLast4 ? ([["Card", `ending in ${r.cardLast4}`]] as [string, string][]) : []),
  ];
  const text = `Hi ${r.firstName},

Thank you for your payment. This is your receipt.

${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}

See it in your wallet: ${r.link}

Keep this email for your records. Questions about a payment? Reply with its reference.
The StepRace team`;
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><td style="color:#6b7280;padding:4px 12px 4px 0">${escapeHtml(k)}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`,
    )
    .join("");
  const html = layout(
    "Payment receipt",
    `<p>Hi ${escapeHtml(r.firstName)},</p><p>Thank you for your payment. This is your receipt.</p>
<table style="border-collapse:collapse;font-size:15px">${table}</table>
${emailButton(r.link, "Open my wallet")}
<p style="color:#374151">Keep this email for your records. Questions about a payment? Reply with its reference.</p>`,
  );
  return { template: "receipt", subject, text, html };
}
