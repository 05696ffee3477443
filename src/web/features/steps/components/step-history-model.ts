import { formatDay, formatWeekday } from "../../../lib/format";
import type { StepHistoryDay } from "../history-api";

export interface ChartBar {
  date: string;
  steps: number;
  /** "Mon" */
  weekday: string;
  /** "Monday, Nov 16", for the table screen readers read. */
  dayLabel: string;
  /** Share of the chart's height, 0 to 100; a day with steps always shows a sliver. */
  heightPercent: number;
  /** The last day of the history is the member's today. */
  isToday: boolean;
  metGoal: boolean;
  /** Short value over the bar: "850", "8.2k", "12k". */
  value: string;
}

export interface ChartModel {
  bars: ChartBar[];
  /** The value at the top of the chart: a round number at or above the best day and the goal. */
  scaleMax: number;
  /** Where the goal line sits, 0 to 100; null without a goal. */
  goalPercent: number | null;
  total: number;
  average: number;
  daysMetGoal: number;
  /** No steps on any day. */
  empty: boolean;
}

const MIN_SCALE = 1_000;
const MIN_VISIBLE_PERCENT = 2;

/** The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or above `value`: tall bars, readable scale. */
export function niceMax(value: number): number {
  if (!(value > 0)) return MIN_SCALE;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (step * power >= value) return Math.max(MIN_SCALE, step * power);
  }
  return Math.max(MIN_SCALE, 10 * power);
}

/** "850", "8.2k", "12.8k", "120k", "1.5M": fits over a narrow bar; never rounds up. */
export function compactSteps(steps: number): string {
  if (steps < 1_000) return String(steps);
  if (steps < 100_000) return `${trimZero((Math.floor(steps / 100) / 10).toFixed(1))}k`;
  if (steps < 1_000_000) return `${Math.floor(steps / 1_000)}k`;
  return `${trimZero((Math.floor(steps / 100_000) / 10).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.replace(/\.0$/, "");
}

export function chartModel(days: StepHistoryDay[], goal?: number, locale?: string): ChartModel {
  const target = goal !== undefined && goal > 0 ? goal : null;
  const best = days.reduce((max, day) => Math.max(max, day.steps), 0);
  const scaleMax = niceMax(Math.max(best, target ?? 0));
  const total = days.reduce((sum, day) => sum + day.steps, 0);
  const bars = days.map((day, i) => {
    const percent = (day.steps / scaleMax) * 100;
    return {
      date: day.date,
      steps: day.steps,
      // Calendar days, never shifted by a zone, written as every page writes days (lib/format).
      weekday: formatWeekday(day.date, locale),
      dayLabel: formatDay(day.date, { weekday: "long", locale }),
      heightPercent: day.steps > 0 ? Math.min(100, Math.max(MIN_VISIBLE_PERCENT, percent)) : 0,
      isToday: i === days.length - 1,
      metGoal: target !== null && day.steps >= target,
      value: compactSteps(day.steps),
    };
  });
  return {
    bars,
    scaleMax,
    goalPercent: target === null ? null : Math.min(100, (target / scaleMax) * 100),
    total,
    average: days.length > 0 ? Math.round(total / days.length) : 0,
    daysMetGoal: bars.filter((bar) => bar.metGoal).length,
    empty: best === 0,
  };
}
