import { describe, expect, it } from "vitest";
import { addDays, localDate } from "./local-date";
import { allowedSteps } from "./plausibility";

describe("local dates", () => {
  it("follows New York's daylight-saving changes at local midnight", () => {
    // 2026-03-08: clocks go forward (EST -5 → EDT -4). Midnight of the 9th is 04:00 UTC.
    expect(localDate(new Date("2026-03-09T03:59:59Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDate(new Date("2026-03-09T04:00:00Z"), "America/New_York")).toBe("2026-03-09");
    // 2026-11-01: clocks go back (EDT -4 → EST -5). Midnight of the 2nd is 05:00 UTC.
    expect(localDate(new Date("2026-11-02T04:59:59Z"), "America/New_York")).toBe("2026-11-01");
    expect(localDate(new Date("2026-11-02T05:00:00Z"), "America/New_York")).toBe("2026-11-02");
  });

  it("gives one instant different days in different zones", () => {
    const at = new Date("2026-01-15T14:00:00Z");
    expect(localDate(at, "Asia/Tokyo")).toBe("2026-01-15");
    expect(localDate(at, "Pacific/Auckland")).toBe("2026-01-16");
    expect(localDate(at, "America/Los_Angeles")).toBe("2026-01-15");
    expect(localDate(at, "Not/AZone")).toBe("2026-01-15");
  });

  it("counts calendar days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("allows 4 steps a second since the previous sync plus 30", () => {
    expect(allowedSteps(null, new Date())).toBeNull();
    const t0 = new Date("2026-01-15T12:00:00Z");
    expect(allowedSteps(t0, new Date("2026-01-15T12:00:10Z"))).toBe(70);
    expect(allowedSteps(t0, new Date("2026-01-15T11:59:00Z"))).toBe(30);
  });
});
