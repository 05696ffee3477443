import { formatCount } from "../../../../core/numbers";
import { utcToZonedTime, zonedTimeToUtc } from "../../../../core/rules/zoned-time";
import { FINANCE_MAX_RANGE_DAYS } from "../../../../core/schemas/finance";
import type { RangeInstants } from "../finance-api";

/* Pure rules of the Finance page: its date range, picked as days in the admin's time zone. */

const DAY_MS = 24 * 3600 * 1000;

/** Days (YYYY-MM-DD) in the admin's zone, both inclusive. */
export type DayRange = { from: string; to: string };

const shift = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
};

/** This month in the admin's zone: its first day to its last. */
export function thisMonth(now: Date, timeZone: string): DayRange {
  const today = utcToZonedTime(now, timeZone).date;
  const [y, m] = today.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = String(m).padStart(2, "0");
  return { from: `${y}-${month}-01`, to: `${y}-${month}-${String(last).padStart(2, "0")}` };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API's range for the picked days: from the first day's midnight to the midnight after the
 * last, in the admin's zone (the API's `to` is exclusive). An error in words for a range it refuses.
 */
export function rangeInstants(
  days: DayRange,
  timeZone: string,
): { ok: true; range: RangeInstants } | { ok: false; error: string } {
  if (!DAY.test(days.from) || !DAY.test(days.to)) return { ok: false, error: "Pick both dates" };
  if (days.from > days.to) return { ok: false, error: "The start date must not be after the end date" };
  const from = zonedTimeToUtc(days.from, "00:00", timeZone);
  const to = zonedTimeToUtc(shift(days.to, 1), "00:00", timeZone);
  if (to.getTime() - from.getTime() > FINANCE_MAX_RANGE_DAYS * DAY_MS) {
    return { ok: false, error: `Pick at most ${FINANCE_MAX_RANGE_DAYS} days` };
  }
  return { ok: true, range: { from: from.toISOString(), to: to.toISOString() } };
}

/**
 * The line under the date range: balances are those at the end of the last day, except for a
 * range that reaches past now (this month, say), whose balances can only be today's.
 */
export function balancesNote(range: RangeInstants, now: Date): string {
  return new Date(range.to).getTime() > now.getTime()
    ? "The range includes today: balances are those now."
    : "Balances are those at the end of the last day.";
}

/** "View findings (3)", or "(500 of 1,234 shown)" when the run kept only the first of its findings. */
export function findingsLabel(shown: number, found: number): string {
  const n = (x: number) => formatCount(x);
  return shown < found ? `View findings (${n(shown)} of ${n(found)} shown)` : `View findings (${n(shown)})`;
}
