import { describe, expect, it } from "vitest";
import { registerSchema, timeZoneSchema } from "./schemas/auth";
import { profileBodySchema } from "./schemas/members";
import {
  canonicalTimeZone,
  LEGACY_TIME_ZONES,
  runtimeTimeZone,
  sameTimeZone,
  searchTimeZones,
  shownTimeZone,
  TIME_ZONES,
  timeZoneLabel,
  timeZoneRows,
  utcOffsetText,
} from "./time-zones";

describe("the time zones a member can pick (issue 32 item 5)", () => {
  it("offers current names only, each once, each one this runtime can show", () => {
    expect(TIME_ZONES).toContain("Asia/Kolkata");
    expect(TIME_ZONES).toContain("Europe/Kyiv");
    expect(TIME_ZONES).toContain("America/Argentina/Buenos_Aires");
    expect(TIME_ZONES).toContain("UTC");
    for (const old of Object.keys(LEGACY_TIME_ZONES)) expect(TIME_ZONES).not.toContain(old);
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    for (const zone of TIME_ZONES) expect(runtimeTimeZone(zone), zone).not.toBeNull();
    // Every old name leads to an offered zone.
    for (const current of Object.values(LEGACY_TIME_ZONES)) expect(TIME_ZONES).toContain(current);
  });

  it("reads old names as the zone they now are, and refuses what is no zone", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    // Any other alias the runtime knows.
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone(null)).toBeNull();
  });

  it("validates exactly the offered zones and the old names, storing the current name", () => {
    for (const zone of TIME_ZONES) expect(timeZoneSchema.parse(zone)).toBe(zone);
    expect(timeZoneSchema.parse("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(timeZoneSchema.parse("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    expect(timeZoneSchema.safeParse("Etc/GMT+5").success).toBe(false);
    const profile = profileBodySchema.parse({
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      timeZone: "Asia/Calcutta",
    });
    expect(profile.timeZone).toBe("Asia/Kolkata");
    const signUp = registerSchema.safeParse({
      firstName: "A",
      lastName: "B",
      username: "abc",
      email: "a@example.com",
      password: "password123",
      confirmPassword: "password123",
      timeZone: "Europe/Kiev",
    });
    expect(signUp.success && signUp.data.timeZone).toBe("Europe/Kyiv");
  });

  it("shows a zone by its current name and its offset from UTC, the same everywhere", () => {
    const winter = new Date("2026-01-15T12:00:00Z");
    const summer = new Date("2026-07-15T12:00:00Z");
    expect(utcOffsetText("Asia/Kolkata", winter)).toBe("UTC+05:30");
    expect(utcOffsetText("America/New_York", winter)).toBe("UTC-05:00");
    expect(utcOffsetText("America/New_York", summer)).toBe("UTC-04:00");
    expect(utcOffsetText("UTC", winter)).toBe("UTC+00:00");
    expect(timeZoneLabel("Asia/Kolkata", winter)).toBe("Asia/Kolkata (UTC+05:30)");
    expect(timeZoneLabel("Asia/Calcutta", winter)).toBe("Asia/Kolkata (UTC+05:30)");
    expect(timeZoneLabel("America/New_York", winter)).toBe("America/New York (UTC-05:00)");
  });

  it("finds zones by city or by offset", () => {
    const rows = timeZoneRows(new Date("2026-01-15T12:00:00Z"));
    expect(rows.find((r) => r.zone === "Asia/Kolkata")?.label).toBe("Asia/Kolkata (UTC+05:30)");
    const zones = (q: string) => searchTimeZones(q, rows).map((r) => r.zone);
    expect(zones("Kolkata")).toEqual(["Asia/Kolkata"]);
    expect(zones("kyiv")).toEqual(["Europe/Kyiv"]);
    expect(zones("new york")).toEqual(["America/New_York"]);
    expect(zones("+05:30")).toContain("Asia/Kolkata");
    expect(zones("Calcutta")).toEqual([]);
    // Cities starting with what was typed first.
    expect(zones("ko").slice(0, 2)).toEqual(["Asia/Kolkata", "Pacific/Kosrae"]);
    expect(zones("ko")).toContain("Africa/Bamako");
    expect(zones("  ")).toHaveLength(TIME_ZONES.length);
  });
});

describe("a stored zone as the app names and compares it", () => {
  it("names an old zone by its current name, and keeps one it does not know", () => {
    expect(shownTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(shownTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(shownTimeZone("Mars/Olympus")).toBe("Mars/Olympus");
  });

  it("takes an old name and its current one for the same zone, and two zones for two", () => {
    expect(sameTimeZone("Asia/Calcutta", "Asia/Kolkata")).toBe(true);
    expect(sameTimeZone("UTC", "UTC")).toBe(true);
    expect(sameTimeZone("Europe/Paris", "Europe/Berlin")).toBe(false);
  });
});
