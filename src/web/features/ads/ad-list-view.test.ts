import { describe, expect, it } from "vitest";
import { adStatsLabel, adWindowLabel, keepExisting, selectAllState, toggled } from "./ad-list-view";

describe("an ad in the manager", () => {
  it("describes its date window", () => {
    expect(adWindowLabel({ startDate: null, endDate: null })).toBe("Always");
    expect(adWindowLabel({ startDate: "2026-11-24T09:00:00Z", endDate: null })).toMatch(/^From /);
    expect(adWindowLabel({ startDate: null, endDate: "2026-11-24T09:00:00Z" })).toMatch(/^Until /);
    expect(adWindowLabel({ startDate: "2026-11-24T09:00:00Z", endDate: "2026-11-25T09:00:00Z" })).toContain(
      " – ",
    );
  });

  it("shows views, clicks and its click-through rate", () => {
    expect(adStatsLabel({ viewCount: 1, clickCount: 0 })).toBe("1 view · 0 clicks (0.0%)");
    expect(adStatsLabel({ viewCount: 1200, clickCount: 30 })).toBe("1,200 views · 30 clicks (2.5%)");
  });
});

describe("the manager's selection", () => {
  const ads = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it("checks select-all when every ad is selected, and shows it mixed when some are", () => {
    expect(selectAllState(new Set(), ads)).toBe(false);
    expect(selectAllState(new Set([1, 2, 3]), ads)).toBe(true);
    expect(selectAllState(new Set([2]), ads)).toBe("indeterminate");
    expect(selectAllState(new Set([9]), ads)).toBe(false);
    expect(selectAllState(new Set(), [])).toBe(false);
  });

  it("forgets ads that no longer exist", () => {
    expect([...keepExisting(new Set([2, 9]), ads)]).toEqual([2]);
    expect(selectAllState(new Set([9]), ads)).toBe(false);
  });

  it("toggles one ad without changing the set it came from", () => {
    const before = new Set([1]);
    expect([...toggled(before, 2, true)]).toEqual([1, 2]);
    expect([...toggled(before, 1, false)]).toEqual([]);
    expect([...before]).toEqual([1]);
  });
});
