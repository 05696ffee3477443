import { describe, expect, it } from "vitest";
import { chartModel, compactSteps, niceMax } from "./step-history-model";

const week = (steps: number[]) =>
  // Monday 16 to Sunday 22 November 2026.
  steps.map((s, i) => ({ date: `2026-11-${String(16 + i).padStart(2, "0")}`, steps: s }));

describe("the chart's scale", () => {
  it("rounds up to a round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten), at least 1,000", () => {
    expect(niceMax(0)).toBe(1_000);
    expect(niceMax(640)).toBe(1_000);
    expect(niceMax(1_000)).toBe(1_000);
    expect(niceMax(1_001)).toBe(1_200);
    expect(niceMax(8_240)).toBe(10_000);
    expect(niceMax(10_000)).toBe(10_000);
    expect(niceMax(12_500)).toBe(15_000);
    expect(niceMax(24_000)).toBe(25_000);
    expect(niceMax(30_000)).toBe(30_000);
    expect(niceMax(31_000)).toBe(40_000);
  });

  it("reaches the goal even when no day did, so the goal line stays on the chart", () => {
    const model = chartModel(week([1200, 3000, 0, 0, 0, 0, 500]), 10_000, "en-US");
    expect(model.scaleMax).toBe(10_000);
    expect(model.goalPercent).toBe(100);
    expect(model.bars.map((b) => b.heightPercent)).toEqual([12, 30, 0, 0, 0, 0, 5]);
  });

  it("puts the goal line below the top when a day beat it", () => {
    const model = chartModel(week([12_000, 3000, 0, 0, 0, 0, 10_000]), 10_000);
    expect(model.scaleMax).toBe(12_000);
    expect(model.goalPercent).toBeCloseTo(83.33, 2);
    expect(model.bars[0].heightPercent).toBe(100);
    expect(model.bars.map((b) => b.metGoal)).toEqual([true, false, false, false, false, false, true]);
    expect(model.daysMetGoal).toBe(2);
  });

  it("shows a sliver for a day with only a few steps, and nothing for a day without", () => {
    const model = chartModel(week([3, 0, 0, 0, 0, 0, 20_000]));
    expect(model.bars[0].heightPercent).toBe(2);
    expect(model.bars[1].heightPercent).toBe(0);
    expect(model.goalPercent).toBeNull();
  });
});

describe("the chart's labels", () => {
  it("name each weekday and mark the last day as today", () => {
    const model = chartModel(week([0, 0, 0, 0, 0, 0, 0]), undefined, "en-US");
    expect(model.bars.map((b) => b.weekday)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(model.bars[0].dayLabel).toBe("Monday, Nov 16");
    expect(model.bars.map((b) => b.isToday)).toEqual([false, false, false, false, false, false, true]);
    expect(model.empty).toBe(true);
  });

  it("keep the calendar day in every time zone", () => {
    // A date string is a day, not an instant: no zone may turn Monday into Sunday.
    const model = chartModel([{ date: "2026-03-29", steps: 1 }], undefined, "en-US");
    expect(model.bars[0].weekday).toBe("Sun");
  });

  it("write values short enough for a narrow bar, never rounding up", () => {
    expect(compactSteps(0)).toBe("0");
    expect(compactSteps(850)).toBe("850");
    expect(compactSteps(1_000)).toBe("1k");
    expect(compactSteps(8_249)).toBe("8.2k");
    expect(compactSteps(9_999)).toBe("9.9k");
    expect(compactSteps(10_000)).toBe("10k");
    expect(compactSteps(12_850)).toBe("12.8k");
    expect(compactSteps(123_456)).toBe("123k");
    expect(compactSteps(1_550_000)).toBe("1.5M");
  });

  it("sum the week and average it per day", () => {
    const model = chartModel(week([1000, 2000, 3000, 0, 0, 0, 1]));
    expect(model.total).toBe(6001);
    expect(model.average).toBe(857);
  });
});
