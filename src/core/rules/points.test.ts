import { describe, expect, it } from "vitest";
import {
  milestonesReached,
  shiftDate,
  stepBlocks,
  stepPoints,
  streakBonusesAt,
  streakBonusesOn,
  streakEndingOn,
} from "./points";

const days = (entries: Record<string, number>) => (date: string) => entries[date] ?? 0;

describe("points per day", () => {
  it("pays 20 points per full 500 steps, nothing for a part", () => {
    expect(stepPoints(0)).toBe(0);
    expect(stepPoints(499)).toBe(0);
    expect(stepPoints(500)).toBe(20);
    expect(stepPoints(999)).toBe(20);
    expect(stepPoints(12_345)).toBe(480);
    expect(stepBlocks(10_000)).toBe(20);
  });

  it("reaches every milestone exactly at its threshold", () => {
    const thresholds = [
      5_000, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000, 1_000_000,
    ];
    const points = [100, 200, 500, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 10_000, 500_000];
    thresholds.forEach((t, i) => {
      expect(milestonesReached(t - 1).map((m) => m.steps)).toEqual(thresholds.slice(0, i));
      const reached = milestonesReached(t);
      expect(reached.at(-1)).toEqual({ steps: t, points: points[i] });
      expect(reached).toHaveLength(i + 1);
    });
  });
});

describe("streaks", () => {
  it("counts consecutive days across a month end and a year end", () => {
    expect(shiftDate("2026-10-31", 1)).toBe("2026-11-01");
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDate("2028-03-01", -1)).toBe("2028-02-29");
    expect(shiftDate("2026-12-31", 1)).toBe("2027-01-01");
    const walk: Record<string, number> = {};
    for (let i = 0; i < 7; i++) walk[shiftDate("2026-10-28", i)] = 10_000;
    expect(streakEndingOn(days(walk), "2026-11-03", 10_000)).toBe(7);
    expect(streakBonusesOn(days(walk), "2026-11-03")).toEqual([{ steps: 10_000, days: 7, points: 500 }]);
    expect(streakBonusesOn(days(walk), "2026-11-02")).toEqual([]);
  });

  it("a missed day breaks the run, a day under the threshold too", () => {
    const walk = { "2026-11-01": 12_000, "2026-11-02": 9_999, "2026-11-03": 15_000, "2026-11-04": 11_000 };
    expect(streakEndingOn(days(walk), "2026-11-04", 10_000)).toBe(2);
    expect(streakEndingOn(days(walk), "2026-11-02", 10_000)).toBe(0);
    const gap = { "2026-11-01": 12_000, "2026-11-03": 12_000 };
    expect(streakEndingOn(days(gap), "2026-11-03", 10_000)).toBe(1);
  });

  it("a time-zone change that skips a calendar day breaks the run; one that repeats a day does not", () => {
    // Flying west to east across the date line: the member's days go Nov 1, Nov 3.
    const skipped = { "2026-11-01": 12_000, "2026-11-03": 12_000 };
    expect(streakEndingOn(days(skipped), "2026-11-03", 10_000)).toBe(1);
    // Flying east to west: Nov 2 lasts longer (its steps add up in one row), the run goes on.
    const repeated = { "2026-11-01": 12_000, "2026-11-02": 25_000, "2026-11-03": 12_000 };
    expect(streakEndingOn(days(repeated), "2026-11-03", 10_000)).toBe(3);
  });

  it("pays the 7, 14 and 30 day bonuses of each tier, then starts the cycle again", () => {
    expect(streakBonusesAt(10_000, 6)).toEqual([]);
    expect(streakBonusesAt(10_000, 7)).toEqual([{ steps: 10_000, days: 7, points: 500 }]);
    expect(streakBonusesAt(10_000, 14)).toEqual([{ steps: 10_000, days: 14, points: 800 }]);
    expect(streakBonusesAt(10_000, 30)).toEqual([{ steps: 10_000, days: 30, points: 1_200 }]);
    expect(streakBonusesAt(10_000, 37)).toEqual([{ steps: 10_000, days: 7, points: 500 }]);
    expect(streakBonusesAt(30_000, 7)).toEqual([{ steps: 30_000, days: 7, points: 1_000 }]);
    expect(streakBonusesAt(30_000, 14)).toEqual([{ steps: 30_000, days: 14, points: 1_500 }]);
    expect(streakBonusesAt(50_000, 7)).toEqual([{ steps: 50_000, days: 7, points: 2_000 }]);
    expect(streakBonusesAt(50_000, 14)).toEqual([{ steps: 50_000, days: 14, points: 2_500 }]);
    expect(streakBonusesAt(50_000, 21)).toEqual([{ steps: 50_000, days: 7, points: 2_000 }]);
    expect(streakBonusesAt(20_000, 7)).toEqual([]);
  });

  it("a 50,000-step week pays every tier's 7-day bonus", () => {
    const walk: Record<string, number> = {};
    for (let i = 0; i < 7; i++) walk[shiftDate("2026-11-01", i)] = 50_000;
    expect(streakBonusesOn(days(walk), "2026-11-07").map((b) => b.points)).toEqual([500, 1_000, 2_000]);
  });
});
