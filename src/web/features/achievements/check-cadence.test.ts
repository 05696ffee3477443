import { describe, expect, it } from "vitest";
import { CHECK_PATHS, checkDelay, DUPLICATE_CHECK_MS, REFRESH_CHECK_GAP_MS } from "./check-cadence";

describe("the check cadence", () => {
  it("checks at once when nothing was checked yet, whatever the reason", () => {
    expect(checkDelay("load", 1_000, null)).toBe(0);
    expect(checkDelay("route", 1_000, null)).toBe(0);
    expect(checkDelay("refresh", 1_000, null)).toBe(0);
  });

  it("folds a load and a route change close together into one check", () => {
    expect(checkDelay("route", 10_000 + DUPLICATE_CHECK_MS - 1, 10_000)).toBeNull();
    expect(checkDelay("route", 10_000 + DUPLICATE_CHECK_MS, 10_000)).toBe(0);
  });

  it("checks on arriving at the dashboard or the Badges page even right after a refresh check", () => {
    expect(checkDelay("route", 10_000 + 5_000, 10_000)).toBe(0);
    expect(CHECK_PATHS).toEqual(["/", "/dashboard", "/achievements"]);
  });

  it("after a refresh checks at most once a minute, deferring the rest to the minute's end", () => {
    expect(checkDelay("refresh", 10_000 + 15_000, 10_000)).toBe(REFRESH_CHECK_GAP_MS - 15_000);
    expect(checkDelay("refresh", 10_000 + REFRESH_CHECK_GAP_MS, 10_000)).toBe(0);
  });
});
