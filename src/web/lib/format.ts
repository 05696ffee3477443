import { formatMinor, formatUsd, parseMinor } from "../../core/money";
import { knownTimeZone } from "./local-datetime";

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

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/**
 * An instant as date and time on the wall clock of the member's profile time zone, with the
 * zone's short name ("Mar 10, 2026, 9:00 AM EST"): the same on every device (DESIGN 1, days and
 * time zones). "" when unreadable.
 */
export function formatInZone(iso: string, timeZone: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    timeZone: knownTimeZone(timeZone),
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
}

/** "42.50 FC" for 42.5 or "42.5". */
export function fc(amount: number | string | null | undefined): string {
  return `${coins(amount)} FC`;
}
