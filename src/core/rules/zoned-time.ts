const DAY_MS = 24 * 3600 * 1000;

/** The wall clock of `timeZone`, to the second, as its parts (year, month, day, hour, minute, second). */
function wallClockParts(at: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` ("2026-12-01") and `time`
 * ("18:30"), in every zone alike: a time skipped by a daylight-saving change (02:30 on the day
 * clocks go forward) is the instant just after the gap (03:30 there), and a time that happens
 * twice (01:30 on the day clocks go back) is its first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  /** How far the zone's wall clock is ahead of UTC at the instant `at` (ms). */
  const offsetAt = (at: number) => {
    const p = wallClockParts(new Date(at), timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - at;
  };
  // The offsets a day either side hold across any one change; each gives a candidate instant,
  // which is right when the wall clock reads `wall` there.
  const before = wall - offsetAt(wall - DAY_MS);
  const after = wall - offsetAt(wall + DAY_MS);
  const reads = (at: number) => at + offsetAt(at) === wall;
  if (reads(before) && reads(after)) return new Date(Math.min(before, after));
  if (reads(before)) return new Date(before);
  if (reads(after)) return new Date(after);
  // In a gap: the offset from before the change carries the time past it.
  return new Date(before);
}

/**
 * The wall clock in `timeZone` at the instant `at`: its date ("2026-12-01") and time ("18:30"),
 * the inverse of zonedTimeToUtc to the minute.
 */
export function utcToZonedTime(at: Date, timeZone: string): { date: string; time: string } {
  const p = wallClockParts(at, timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * The instant `at` in ISO 8601 on the wall clock of `timeZone`, to the second, with the zone's
 * offset at that instant: "2026-11-03T10:00:00-05:00" (New York), "2026-11-03T15:00:00+00:00"
 * (UTC). A reader sees the member's own time, and a program still reads the same instant.
 */
export function zonedIsoString(at: Date, timeZone: string): string {
  const seconds = Math.floor(at.getTime() / 1000) * 1000;
  const p = wallClockParts(new Date(seconds), timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  // Zones whose offset has seconds (before 1900) are rounded to the minute ISO 8601 writes.
  const offset = Math.round((wall - seconds) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const mm = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hh}:${mm}`;
}
