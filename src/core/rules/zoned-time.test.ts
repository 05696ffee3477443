import { describe, expect, it } from "vitest";
import { utcToZonedTime, zonedIsoString, zonedTimeToUtc } from "./zoned-time";

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

  it("puts a skipped time just after the gap and a repeated time at its first occurrence, east or west", () => {
    // New York: 2026-03-08 02:00 EST jumps to 03:00 EDT; 2026-11-01 02:00 EDT falls back to 01:00 EST.
    expect(zonedTimeToUtc("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-01", "01:30", "America/New_York").toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // Sydney: 2026-10-04 02:00 AEST jumps to 03:00 AEDT; 2026-04-05 03:00 AEDT falls back to 02:00 AEST.
    expect(zonedTimeToUtc("2026-10-04", "02:30", "Australia/Sydney").toISOString()).toBe(
      "2026-10-03T16:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-04-05", "02:30", "Australia/Sydney").toISOString()).toBe(
      "2026-04-04T15:30:00.000Z",
    );
    // Sofia: 2026-03-29 03:00 EET jumps to 04:00 EEST.
    expect(zonedTimeToUtc("2026-03-29", "03:30", "Europe/Sofia").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // An ordinary time, either side of the changes.
    expect(zonedTimeToUtc("2026-03-08", "09:00", "America/New_York").toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-03-07", "09:00", "America/New_York").toISOString()).toBe(
      "2026-03-07T14:00:00.000Z",
    );
  });

  it("writes an instant in ISO 8601 on a zone's wall clock with its offset, the same instant", () => {
    const at = new Date("2026-11-04T04:30:15.900Z");
    expect(zonedIsoString(at, "America/New_York")).toBe("2026-11-03T23:30:15-05:00");
    expect(zonedIsoString(at, "Asia/Kolkata")).toBe("2026-11-04T10:00:15+05:30");
    expect(zonedIsoString(at, "UTC")).toBe("2026-11-04T04:30:15+00:00");
    // Summer time in New York: the offset of that instant.
    expect(zonedIsoString(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe(
      "2026-07-01T08:00:00-04:00",
    );
    for (const zone of ["America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"]) {
      expect(Date.parse(zonedIsoString(at, zone))).toBe(Date.parse("2026-11-04T04:30:15Z"));
    }
  });
});
