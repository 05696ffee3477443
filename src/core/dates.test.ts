import { describe, expect, it } from "vitest";
import { formatDateTime, formatInZone, formatTime } from "./dates";

// Fixed instants only: what a test reads never depends on the hour it runs at (issue 29).
const earlyInBerlin = "2026-11-28T00:29:00Z"; // 01:29 in Berlin
const afternoonInBerlin = "2026-11-28T12:05:00Z"; // 13:05 in Berlin

describe("times as members read them", () => {
  it("writes the hour with two digits on a 24-hour clock, at every hour", () => {
    const berlin = { timeZone: "Europe/Berlin" };
    expect(formatDateTime(earlyInBerlin, { ...berlin, locale: "en-GB" })).toBe("28 Nov 2026, 01:29");
    expect(formatDateTime(afternoonInBerlin, { ...berlin, locale: "en-GB" })).toBe("28 Nov 2026, 13:05");
    expect(formatTime(earlyInBerlin, { ...berlin, locale: "de-DE" })).toBe("01:29");
    expect(formatInZone(earlyInBerlin, "Europe/Berlin", "en-GB")).toBe("28 Nov 2026, 01:29 CET");
  });

  it("writes the hour as it is on a 12-hour clock", () => {
    const berlin = { timeZone: "Europe/Berlin", locale: "en-US" };
    expect(formatDateTime(earlyInBerlin, berlin)).toMatch(/^Nov 28, 2026, 1:29\sAM$/);
    expect(formatTime(afternoonInBerlin, berlin)).toMatch(/^1:05\sPM$/);
  });
});
