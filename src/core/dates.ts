/**
 * Dates and times as members read them, one way on every page and in every email (issue 25), written
 * once for the web app and the server.
 */

const knownZones = new Map<string, string>();

/** The zone itself when this runtime knows it, else UTC (a profile zone from an older runtime). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    // Asked for every time shown: the answer is kept, as building a formatter to ask costs.
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      known = timeZone;
    } catch {
      known = "UTC";
    }
    if (knownZones.size >= 1_000) knownZones.clear();
    knownZones.set(timeZone, known);
  }
  return known;
}

/**
 * In the member's locale (the browser's in the app, `locale` for tests; in emails the one the
 * member's browser named at sign-in), the month as a short word, the year with every date:
 * "Nov 26, 2026", "Nov 26, 2026, 9:00 AM" in American English; "26 Nov 2026, 09:00" in British
 * English. An instant shows on the runtime's clock unless a `timeZone` (the member's profile zone)
 * is given. Unreadable input reads "".
 */
export type DateOptions = { timeZone?: string; locale?: string };
type Instant = string | Date;

const DATE = { month: "short", day: "numeric", year: "numeric" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;

/**
 * Whether the locale reads the time on a 24-hour clock. Those clocks write the hour with two
 * digits ("09:00" in British English and German), 12-hour ones with as many as it has ("9:00 AM");
 * `hour: "numeric"` alone gives "9:00" on a 24-hour clock, which no British reader writes.
 */
const twentyFourHour = new Map<string, boolean>();
function onTwentyFourHourClock(locale: string | undefined): boolean {
  const key = locale ?? "";
  let found = twentyFourHour.get(key);
  if (found === undefined) {
    const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions();
    found = hourCycle === "h23" || hourCycle === "h24";
    twentyFourHour.set(key, found);
  }
  return found;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, o: DateOptions = {}): Intl.DateTimeFormat {
  const timeZone = o.timeZone === undefined ? undefined : knownTimeZone(o.timeZone);
  const key = JSON.stringify([o.locale ?? "", timeZone ?? "", options]);
  let found = formatters.get(key);
  if (!found) {
    const hour = options.hour && onTwentyFourHourClock(o.locale) ? "2-digit" : options.hour;
    found = new Intl.DateTimeFormat(o.locale, { ...options, hour, timeZone });
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
