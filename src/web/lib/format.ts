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

/**
 * Dates and times read one way on every page (issue 25): in the member's locale (the browser's,
 * `locale` only for tests), the month as a short word, the year with every date. "Nov 26, 2026",
 * "Nov 26, 2026, 9:00 AM" in American English; "26 Nov 2026, 09:00" in British English. An
 * instant shows on the browser's clock unless a `timeZone` (the member's profile zone) is given.
 * Unreadable input reads "".
 */
export type DateOptions = { timeZone?: string; locale?: string };
type Instant = string | Date;

const DATE = { month: "short", day: "numeric", year: "numeric" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, o: DateOptions = {}): Intl.DateTimeFormat {
  const timeZone = o.timeZone === undefined ? undefined : knownTimeZone(o.timeZone);
  const key = JSON.stringify([o.locale ?? "", timeZone ?? "", options]);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(o.locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

function write(at: Instant, options: Intl.DateTimeFormatOptions, o?: DateOptions): string {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? "" : formatter(options, o).format(date);
}

/** "Nov 26, 2026" */
export const formatDate = (at: Instant, o?: DateOptions) => write(at, DATE, o);

/** "Nov 26, 2026, 9:00 AM" */
export const formatDateTime = (at: Instant, o?: DateOptions) => write(at, { ...DATE, ...TIME }, o);

/** "9:00 AM" */
export const formatTime = (at: Instant, o?: DateOptions) => write(at, TIME, o);

/** "November 2026" */
export const formatMonth = (at: Instant, o?: DateOptions) => write(at, { month: "long", year: "numeric" }, o);

/**
 * An instant as date and time on the wall clock of the member's profile time zone, with the
 * zone's short name ("Mar 10, 2026, 9:00 AM EST"): the same on every device (DESIGN 1, days and
 * time zones).
 */
export function formatInZone(iso: Instant, timeZone: string, locale?: string): string {
  return write(iso, { ...DATE, ...TIME, timeZoneName: "short" }, { timeZone, locale });
}

/** A calendar day ("2026-11-24") as a Date at UTC midnight of it; null when it is not one. */
function calendarDay(day: string | Date): Date | null {
  if (day instanceof Date) return day;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/**
 * A calendar day (a member's local date, "2026-11-24", or a Date at UTC midnight of it), never
 * shifted by a zone: "Mon, Nov 24" (`weekday: "long"`: "Monday, Nov 24"; `weekday: false`:
 * "Nov 24"; `year`: "Mon, Nov 24, 2026").
 */
export function formatDay(
  day: string | Date,
  o: { weekday?: "short" | "long" | false; year?: boolean; locale?: string } = {},
): string {
  const date = calendarDay(day);
  if (!date) return "";
  const weekday = o.weekday ?? "short";
  return write(
    date,
    {
      ...(weekday ? { weekday } : {}),
      month: "short",
      day: "numeric",
      ...(o.year ? { year: "numeric" } : {}),
    },
    { timeZone: "UTC", locale: o.locale },
  );
}

/** A calendar day's weekday alone: "Mon". */
export const formatWeekday = (day: string | Date, locale?: string) => {
  const date = calendarDay(day);
  return date ? write(date, { weekday: "short" }, { timeZone: "UTC", locale }) : "";
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago, for chat and news (specification 2: "Just now" under a minute, "{n}m ago" under
 * an hour, "{n}h ago" under a day), then the date as everywhere else.
 */
export function formatAgo(at: Instant, now: Date = new Date(), o?: DateOptions): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return "";
  const ms = Math.max(0, now.getTime() - date.getTime());
  if (ms < MINUTE_MS) return "Just now";
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)}m ago`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)}h ago`;
  return formatDate(date, o);
}

/** "42.50 FC" for 42.5 or "42.5". */
export function fc(amount: number | string | null | undefined): string {
  return `${coins(amount)} FC`;
}
