import { describe, expect, it } from "vitest";
import { utcToZonedTime, zonedTimeToUtc } from "./zoned-time";

describe("wall clocks in a named time zone", () => {
  it("reads an instant on the wall clock of a zone, whatever the machine's zone", () => {
    const at = new Date("2026-03-10T13:00:00Z");
    expect(utcToZonedTime(at, "America/New_York")).toEqual({ date: "2026-03-10", time: "09:00" });
    expect(utcToZonedTime(at, "Asia/Tokyo")).toEqual({ date: "2026-03-10", time: "22:00" });
    expect(utcToZonedTime(at, "UTC")).toEqual({ date: "2026-03-10", time: "13:00" });
  });

  it("is the inverse of zonedTimeToUtc, across a daylight-saving change", () => {
    for (const [date, time] of [
      ["2026-03-07", "09:00"],
      ["2026-03-09", "00:30"],
      ["2026-11-01", "23:59"],
    ]) {
      const at = zonedTimeToUtc(date, time, "America/New_York");
      expect(utcToZonedTime(at, "America/New_York")).toEqual({ date, time });
    }
  });
});
