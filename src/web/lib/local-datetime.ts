import { knownTimeZone } from "../../core/dates";
import { utcToZonedTime, zonedTimeToUtc } from "../../core/rules/zoned-time";
import { currentZoneName } from "../../core/time-zone-names";

export { knownTimeZone };

/**
 * The browser's datetime-local values and ISO 8601 instants, both ways: in the browser's zone, or
 * (below) in a named one.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** "+05:30" for an offset of 330 minutes east of UTC ("-05:00" for -300). */
export function offsetText(minutesEast: number): string {
  const sign = minutesEast < 0 ? "-" : "+";
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A datetime-local value ("2026-11-24T09:00") read in the browser's time zone, as ISO 8601 with
 * that zone's offset at that moment ("2026-11-24T09:00:00-05:00"); null when it is not a date.
 */
export function localInputToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const date = new Date(y, mo - 1, d, h, mi);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${offsetText(offset)}`;
}

/** An instant as the browser's datetime-local value in its own time zone ("" when unreadable). */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/*
 * The same in a named time zone: forms read and show dates in the member's profile time zone
 * (DESIGN 1, days and time zones), whatever zone the device is set to.
 */

/**
 * The device's IANA time zone by its current name (Asia/Kolkata where the browser still says
 * Asia/Calcutta); "UTC" when the browser does not say.
 */
export function deviceTimeZone(): string {
  try {
    return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  } catch {
    return "UTC";
  }
}

/**
 * A datetime-local value ("2026-11-24T09:00") read as the wall clock in `timeZone`, as an ISO 8601
 * instant in UTC; null when it is not a date.
 */
export function zonedInputToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const at = zonedTimeToUtc(
    `${match[1]}-${match[2]}-${match[3]}`,
    `${match[4]}:${match[5]}`,
    knownTimeZone(timeZone),
  );
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An instant as a datetime-local value on the wall clock of `timeZone` ("" when unreadable). */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const { date, time } = utcToZonedTime(at, knownTimeZone(timeZone));
  return `${date}T${time}`;
}
