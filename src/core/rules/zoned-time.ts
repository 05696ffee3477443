/** The wall clock of `timeZone`, to the minute, as its parts (year, month, day, hour, minute). */
function wallClockParts(at: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  return Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` ("2026-12-01") and `time`
 * ("18:30"). A time skipped by a daylight-saving change resolves to the instant just after it.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (at: number) => {
    const p = wallClockParts(new Date(at), timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - at;
  };
  // Two passes settle the offset on either side of a change.
  let at = wall - offsetAt(wall);
  at = wall - offsetAt(at);
  return new Date(at);
}

/**
 * The wall clock in `timeZone` at the instant `at`: its date ("2026-12-01") and time ("18:30"),
 * the inverse of zonedTimeToUtc to the minute.
 */
export function utcToZonedTime(at: Date, timeZone: string): { date: string; time: string } {
  const p = wallClockParts(at, timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}
