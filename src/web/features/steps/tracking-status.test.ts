import { describe, expect, it } from "vitest";
import { NO_SENSOR_TEXT, trackingStatus } from "./tracking-status";

const base = {
  isActive: false,
  hasPermission: false,
  trackingElsewhere: false,
  stepCount: 0,
  error: null,
  noSensor: false,
};

describe("the step tracking card's status", () => {
  it("says Active only while tracking is on, permitted and a sensor answers", () => {
    expect(
      trackingStatus({ ...base, isActive: true, hasPermission: true, stepCount: 1234 }, "mobile"),
    ).toEqual({
      badge: "Active",
      tone: "active",
      help: "Counting your steps. 1,234 this session.",
    });
    // On but not permitted (a lapsed grant) is not active.
    expect(trackingStatus({ ...base, isActive: true }, "mobile").badge).toBe("Inactive");
  });

  it("says there is no motion sensor when none answered (a laptop), on or off", () => {
    for (const isActive of [true, false]) {
      const status = trackingStatus({ ...base, isActive, hasPermission: true, noSensor: true }, "desktop");
      expect(status.badge).toBe("No sensor");
      expect(status.tone).toBe("warning");
      expect(status.help.startsWith(NO_SENSOR_TEXT)).toBe(true);
      expect(status.help).toContain("open StepRace on your phone");
      expect(status.help.includes("Stop Tracking")).toBe(isActive);
    }
  });

  it("points at what is above the card on each dashboard", () => {
    expect(trackingStatus(base, "mobile").help).toBe(
      "Tap Grant Permission in the card above, then start tracking.",
    );
    expect(trackingStatus(base, "desktop").help).toBe(
      "Use Enable Tracking in the banner above to allow motion access, then start tracking.",
    );
    const failed = { ...base, error: "Motion sensors not supported on this device." };
    expect(trackingStatus(failed, "mobile").help).toContain("Permission Error card above");
    expect(trackingStatus(failed, "desktop").help).toContain("banner above");
    expect(trackingStatus({ ...base, hasPermission: true }, "desktop").help).toBe(
      "Tap Start Tracking and keep StepRace open while you walk.",
    );
    expect(
      trackingStatus({ ...base, hasPermission: true, trackingElsewhere: true }, "mobile").help,
    ).toContain("another tab");
  });
});
