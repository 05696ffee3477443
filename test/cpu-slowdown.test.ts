import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown } from "../bench/support/cpu-slowdown";

describe("bench:lighthouse's calibrated CPU slowdown (Lighthouse docs/throttling.md)", () => {
  it("gives Lighthouse's default 4x to the host class it was chosen for, and follows the host", () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(4, 1);
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
  });

  it("never speeds a host up: a phone-class host runs unthrottled", () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(90)).toBe(1);
  });

  it("a faster host gets more slowdown, a busier one less", () => {
    const indexes = [200, 500, 900, 1200, 1400, 2050, 2750];
    const multipliers = indexes.map(calibratedCpuSlowdown);
    for (let i = 1; i < multipliers.length; i++) expect(multipliers[i]).toBeGreaterThan(multipliers[i - 1]);
  });

  it("refuses what is not an index", () => {
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow();
    expect(() => calibratedCpuSlowdown(0)).toThrow();
  });
});
