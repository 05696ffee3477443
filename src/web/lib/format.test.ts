import { afterEach, describe, expect, it } from "vitest";
import {
  coins,
  displayTimeZone,
  dollars,
  formatAgo,
  formatDate,
  formatDateTime,
  formatDay,
  formatInZone,
  formatMonth,
  formatTime,
  formatWeekday,
  setDisplayTimeZone,
  signedMinor,
} from "./format";
import { deviceTimeZone, knownTimeZone } from "./local-datetime";

describe("money display", () => {
  it("formats dollars from strings and numbers", () => {
    expect(dollars("12.50")).toBe("$12.50");
    expect(dollars(12.5)).toBe("$12.50");
    expect(dollars("-8.50")).toBe("-$8.50");
    expect(dollars("+20.00")).toBe("$20.00");
    expect(dollars(null)).toBe("$0.00");
    expect(dollars("nope")).toBe("$0.00");
  });

  it("formats FitCoins with two decimals", () => {
    expect(coins(8.5)).toBe("8.50");
    expect(coins(0)).toBe("0.00");
    expect(coins(undefined)).toBe("0.00");
  });

  it("reads signed amounts in minor units", () => {
    expect(signedMinor("+20.00")).toBe(2000);
    expect(signedMinor("-0.01")).toBe(-1);
    expect(signedMinor("1.5")).toBe(150);
  });
});

describe("dates in the member's zone", () => {
  it("shows an instant on the profile zone's wall clock, with the zone, on any device", () => {
    const at = "2026-03-10T13:00:00.000Z";
    expect(formatInZone(at, "America/New_York", "en-US")).toBe("Mar 10, 2026, 9:00 AM EDT");
    expect(formatInZone(at, "Asia/Tokyo", "en-US")).toBe("Mar 10, 2026, 10:00 PM GMT+9");
    expect(formatInZone("nope", "UTC", "en-US")).toBe("");
    // A zone this browser does not know reads as UTC rather than failing the screen.
    expect(formatInZone(at, "Mars/Olympus", "en-US")).toBe("Mar 10, 2026, 1:00 PM UTC");
  });
});

describe("dates, one way on every page", () => {
  const at = "2026-03-10T13:05:00.000Z";
  it("writes dates and times in the member's locale, the month as a short word", () => {
    expect(formatDate(at, { timeZone: "UTC", locale: "en-US" })).toBe("Mar 10, 2026");
    expect(formatDate(at, { timeZone: "UTC", locale: "en-GB" })).toBe("10 Mar 2026");
    expect(formatDateTime(at, { timeZone: "UTC", locale: "en-US" })).toBe("Mar 10, 2026, 1:05 PM");
    expect(formatDateTime(new Date(at), { timeZone: "America/New_York", locale: "en-US" })).toBe(
      "Mar 10, 2026, 9:05 AM",
    );
    expect(formatTime(at, { timeZone: "UTC", locale: "en-US" })).toBe("1:05 PM");
    expect(formatMonth(at, { timeZone: "UTC", locale: "en-US" })).toBe("March 2026");
    // The same instant near midnight falls on another day in another zone.
    expect(formatDate("2026-03-10T23:30:00Z", { timeZone: "Europe/Berlin", locale: "en-US" })).toBe(
      "Mar 11, 2026",
    );
    expect(formatDate("nope")).toBe("");
    expect(formatDateTime("")).toBe("");
  });

  it("writes calendar days as days, never shifted by a zone", () => {
    expect(formatDay("2026-11-16", { locale: "en-US" })).toBe("Mon, Nov 16");
    expect(formatDay("2026-11-16", { weekday: "long", locale: "en-US" })).toBe("Monday, Nov 16");
    expect(formatDay("2026-11-16", { weekday: false, year: true, locale: "en-US" })).toBe("Nov 16, 2026");
    expect(formatDay(new Date(Date.UTC(2026, 10, 22)), { locale: "en-US" })).toBe("Sun, Nov 22");
    expect(formatWeekday("2026-03-29", "en-US")).toBe("Sun");
    expect(formatDay("16/11/2026")).toBe("");
  });

  it("says how long ago in words under a day (specification 2), then the date as everywhere", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(formatAgo("2026-03-10T11:59:30Z", now)).toBe("Just now");
    expect(formatAgo("2026-03-10T11:15:00Z", now)).toBe("45m ago");
    expect(formatAgo("2026-03-10T01:00:00Z", now)).toBe("11h ago");
    expect(formatAgo("2026-03-08T12:00:00Z", now, { timeZone: "UTC", locale: "en-US" })).toBe("Mar 8, 2026");
    // A clock a little behind the server's: never "in the future".
    expect(formatAgo("2026-03-10T12:00:20Z", now)).toBe("Just now");
    expect(formatAgo("nope", now)).toBe("");
  });
});

describe("one clock: every time in the profile's zone (issue 32 item 5)", () => {
  const at = "2026-03-10T13:05:00.000Z";
  afterEach(() => setDisplayTimeZone(null));

  it("writes every time in the signed-in member's profile zone, whatever the device's", () => {
    setDisplayTimeZone("Asia/Kolkata");
    expect(displayTimeZone()).toBe(knownTimeZone("Asia/Kolkata"));
    expect(formatTime(at, { locale: "en-US" })).toBe("6:35 PM");
    expect(formatDateTime(at, { locale: "en-US" })).toBe("Mar 10, 2026, 6:35 PM");
    expect(formatDate("2026-03-10T20:00:00Z", { locale: "en-US" })).toBe("Mar 11, 2026");
    expect(formatMonth("2026-03-31T20:00:00Z", { locale: "en-US" })).toBe("April 2026");
    expect(formatInZone(at, undefined, "en-US")).toBe("Mar 10, 2026, 6:35 PM GMT+5:30");
    expect(formatAgo("2026-03-01T20:00:00Z", new Date(at), { locale: "en-US" })).toBe("Mar 2, 2026");
    // An old name of the zone reads the same.
    setDisplayTimeZone("Asia/Calcutta");
    expect(formatTime(at, { locale: "en-US" })).toBe("6:35 PM");
  });

  it("uses the device's zone only while nobody is signed in", () => {
    setDisplayTimeZone(null);
    expect(displayTimeZone()).toBe(deviceTimeZone());
  });
});
