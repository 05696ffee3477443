/**
 * A member's own calendar day (DESIGN 1, days and time zones), computed from an instant in their
 * IANA time zone. Intl knows every zone's daylight-saving rules, so a day that has 23 or 25
 * hours still ends at the member's local midnight.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      found = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    } catch {
      // A zone this runtime does not know (the profile validates zones, old rows might not): UTC.
      found = formatterFor("UTC");
    }
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The last date answered per zone, with its UTC minute: every sync asks for the same few dates,
 * and formatting is the costly part. Since 1972 every zone's offset is a whole number of minutes,
 * so all of one UTC minute lies in one local day.
 */
const lastDates = new Map<string, { minute: number; date: string }>();

/** "2026-03-08": the calendar date of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  lastDates.set(timeZone, { minute, date });
  return date;
}

/** The calendar date `days` after (negative: before) a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
