import { describe, expect, it } from "vitest";
import { balancesNote, findingsLabel, rangeInstants, thisMonth } from "./finance-model";

describe("thisMonth", () => {
  it("is the month of the admin's own day", () => {
    // 23:30 UTC on Jan 31 is already Feb 1 in Berlin.
    const at = new Date("2026-01-31T23:30:00Z");
    expect(thisMonth(at, "Europe/Berlin")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(thisMonth(at, "UTC")).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(thisMonth(new Date("2028-02-10T12:00:00Z"), "UTC")).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
  });
});

describe("rangeInstants", () => {
  it("runs from the first day's midnight to the midnight after the last, in the zone", () => {
    expect(rangeInstants({ from: "2026-03-01", to: "2026-03-31" }, "Europe/Berlin")).toEqual({
      ok: true,
      // Summer time starts on Mar 29: the end is at +02:00.
      range: { from: "2026-02-28T23:00:00.000Z", to: "2026-03-31T22:00:00.000Z" },
    });
    expect(rangeInstants({ from: "2026-03-05", to: "2026-03-05" }, "UTC")).toEqual({
      ok: true,
      range: { from: "2026-03-05T00:00:00.000Z", to: "2026-03-06T00:00:00.000Z" },
    });
  });

  it("refuses a missing date, a backwards range and more than 366 days", () => {
    expect(rangeInstants({ from: "", to: "2026-03-05" }, "UTC")).toEqual({
      ok: false,
      error: "Pick both dates",
    });
    expect(rangeInstants({ from: "2026-03-06", to: "2026-03-05" }, "UTC")).toMatchObject({ ok: false });
    expect(rangeInstants({ from: "2025-01-01", to: "2026-01-01" }, "UTC")).toMatchObject({ ok: true });
    expect(rangeInstants({ from: "2025-01-01", to: "2026-01-02" }, "UTC")).toEqual({
      ok: false,
      error: "Pick at most 366 days",
    });
  });
});

describe("balancesNote", () => {
  const range = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
  it("says now for a range that reaches past now, the end of the last day otherwise", () => {
    expect(balancesNote(range, new Date("2026-03-15T12:00:00Z"))).toBe(
      "The range includes today: balances are those now.",
    );
    expect(balancesNote(range, new Date("2026-04-01T00:00:00Z"))).toBe(
      "Balances are those at the end of the last day.",
    );
  });
});

describe("findingsLabel", () => {
  it("says when the stored list is cut", () => {
    expect(findingsLabel(3, 3)).toBe("View findings (3)");
    expect(findingsLabel(500, 1234)).toBe("View findings (500 of 1,234 shown)");
  });
});
