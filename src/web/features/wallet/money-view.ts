import { TRANSACTION_DESCRIPTION_MAX } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import { splitFitcoinPurchase } from "../../../core/rules/fitcoins";
import type { Currency, Transaction } from "../../../core/schemas/money";
import { signedMinor } from "../../lib/format";

/** Specification 3, section 9: back to the wallet 2 s after a payment. */
export const PAYMENT_REDIRECT_MS = 2_000;

/**
 * The preview of what a payment of `cents` buys, by the server's own rule (85% becomes FitCoins,
 * rounded down to the hundredth; the rest is the platform fee); nothing for a non-amount.
 */
export function fitcoinsAfterFee(cents: number): { fitcoins: number; fee: number } {
  if (!Number.isSafeInteger(cents) || cents <= 0) return { fitcoins: 0, fee: 0 };
  return splitFitcoinPurchase(cents);
}

/** The receipt page of a wallet line (issue 32 item 7). */
export const receiptPath = (id: number) => `/wallet/receipts/${id}`;

/** Descriptions cut at 40 characters, with an ellipsis when cut. */
export function truncateDescription(text: string, max = TRANSACTION_DESCRIPTION_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/** Whether an amount is money in (specification 1, 2.7: green when it starts with +). */
export function isCredit(amount: string): boolean {
  return amount.trim().startsWith("+");
}

/** "+$20.00", "-$8.50", "+8.50 FC": signed, "$" for dollars and "FC" for FitCoins. */
export function formatSignedAmount(amount: string, currency: Currency): string {
  const minor = signedMinor(amount);
  if (minor === null) return amount;
  const sign = minor < 0 ? "-" : "+";
  const abs = formatMinor(Math.abs(minor));
  return currency === "FC" ? `${sign}${abs} FC` : `${sign}$${abs}`;
}

/**
 * Where a history line's money came from (GET /api/transactions and /recent): "wallet" moved the
 * wallet balance; "card" was paid by card directly (the membership, FitCoins bought by card) and
 * never touched it. A line without one (a cached answer of an older server) is a wallet line.
 */
export type TransactionSource = Transaction["source"];

export function paidByCard(line: { source?: TransactionSource | undefined }): boolean {
  return line.source === "card";
}

/** Cents of the wallet balance string, or null when missing or unreadable. */
export function balanceCents(balance: string | null | undefined): number | null {
  if (balance === null || balance === undefined) return null;
  return signedMinor(balance);
}
