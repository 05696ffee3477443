import { formatMinor, formatUsd, parseMinor } from "../../core/money";

/** Display formats of money and time shared by the screens. */

/** Minor units of a decimal string or number that may carry a sign ("+20.00", "-8.50"). */
export function signedMinor(amount: string | number): number | null {
  const text = String(amount).trim();
  const negative = text.startsWith("-");
  const minor = parseMinor(text.replace(/^[+-]/, ""));
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** "$12.50" for "12.50" or 12.5; "$0.00" when unreadable. */
export function dollars(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined) return "$0.00";
  const minor = signedMinor(amount);
  return minor === null ? "$0.00" : formatUsd(minor);
}

/** "8.50" for 8.5. */
export function coins(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined) return "0.00";
  const minor = signedMinor(amount);
  return minor === null ? "0.00" : formatMinor(minor);
}

export {
  type DateOptions,
  formatAgo,
  formatDate,
  formatDateTime,
  formatDay,
  formatInZone,
  formatMonth,
  formatTime,
  formatWeekday,
} from "../../core/dates";

/** "42.50 FC" for 42.5 or "42.5". */
export function fc(amount: number | string | null | undefined): string {
  return `${coins(amount)} FC`;
}
