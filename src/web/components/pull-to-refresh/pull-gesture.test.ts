import { describe, expect, it } from "vitest";
import { PULL_TO_REFRESH_THRESHOLD_PX } from "../../../core/constants";
import { canStartPull, pullDistance, shouldRefresh } from "./pull-gesture";

describe("the pull-to-refresh gesture", () => {
  it("starts only near the top of the page", () => {
    expect(canStartPull(0)).toBe(true);
    expect(canStartPull(4)).toBe(true);
    expect(canStartPull(40)).toBe(false);
  });

  it("ignores travel up to 20 px, then moves 0.4 of the finger's travel", () => {
    expect(pullDistance(-50)).toBe(0);
    expect(pullDistance(20)).toBe(0);
    expect(pullDistance(21)).toBeCloseTo(8.4);
    expect(pullDistance(100)).toBe(40);
  });

  it("refreshes from 80 px of pull, which takes 200 px of finger travel", () => {
    expect(shouldRefresh(pullDistance(199))).toBe(false);
    expect(shouldRefresh(pullDistance(200))).toBe(true);
    expect(pullDistance(10_000)).toBe(PULL_TO_REFRESH_THRESHOLD_PX * 2);
  });
});
