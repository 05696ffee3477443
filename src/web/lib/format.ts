import type { DateOptions } from "../../core/dates";
import * as dates from "../../core/dates";
import { formatMinor, formatUsd, parseMinor } from "../../core/money";
import { deviceTimeZone, knownTimeZone } from "./local-datetime";

type Instant = string | Date;

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

/*
 * Times: the one formatter of every date and time a member sees (issue 32 item 5). Each is written
 * in the display zone: the signed-in member's profile zone (the access gate sets it from the
 * session before any page renders), the device's only while nobody is signed in. A screen never
 * formats a time itself (format-only-here.test.ts checks it).
 */

let profileZone: string | null = null;

/** Called with the signed-in member's profile zone (null when signed out). */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  profileZone = zone ? knownTimeZone(zone) : null;
}

/** The zone times show in now: the profile's, or the device's while signed out. */
export function displayTimeZone(): string {
  return profileZone ?? deviceTimeZone();
}

const inDisplayZone = (o?: DateOptions): DateOptions => ({
  ...o,
  timeZone: o?.timeZone ?? displayTimeZone(),
});

/** "Nov 26, 2026" */
export const formatDate = (at: Instant, o?: DateOptions) => dates.formatDate(at, inDisplayZone(o));

/** "Nov 26, 2026, 9:00 AM" */
export const formatDateTime = (at: Instant, o?: DateOptions) => dates.formatDateTime(at, inDisplayZone(o));

/** "9:00 AM" */
export const formatTime = (at: Instant, o?: DateOptions) => dates.formatTime(at, inDisplayZone(o));

/** "2026": the year it is now where the member is, for the copyright line. */
export const formatYear = (at: Instant = new Date(), o?: DateOptions) =>
  dates.formatYear(at, inDisplayZone(o));

/** "November 2026" */
export const formatMonth = (at: Instant, o?: DateOptions) => dates.formatMonth(at, inDisplayZone(o));

/** "Just now", "5m ago", "3h ago", then the date. */
export const formatAgo = (at: Instant, now: Date = new Date(), o?: DateOptions) =>
  dates.formatAgo(at, now, inDisplayZone(o));

/** "Mar 10, 2026, 9:00 AM EST": date and time with the zone's short name. */
export const formatInZone = (at: Instant, timeZone: string = displayTimeZone(), locale?: string) =>
  dates.formatInZone(at, timeZone, locale);

export { type DateOptions, formatDay, formatWeekday } from "../../core/dates";

/** "42.50 FC" for 42.5 or "42.5". */
export function fc(amount: number | string | null | undefined): string {
  return `${coins(amount)} FC`;
}
