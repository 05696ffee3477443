import { describe, expect, it } from "vitest";
import { endedPlanText } from "./subscription-view";

describe("the lapsed screen's plan text", () => {
  const ended = { subscriptionStatus: "expired", subscriptionPeriodEnd: "2026-11-03T23:30:00.000Z" };

  it("names the plan and the day it ended, in the member's time zone", () => {
    expect(endedPlanText({ ...ended, timeZone: "UTC" }, "en-US")).toBe(
      "Your Monthly plan ($6.99/month) ended on Nov 3, 2026.",
    );
    // 23:30 UTC is already the 4th in Berlin, and still the 3rd in New York.
    expect(endedPlanText({ ...ended, timeZone: "Europe/Berlin" }, "en-US")).toContain("Nov 4, 2026");
    expect(endedPlanText({ ...ended, timeZone: "America/New_York" }, "en-US")).toContain("Nov 3, 2026");
  });

  it("says nothing for a member who never had a plan, or whose plan still runs", () => {
    expect(
      endedPlanText({ subscriptionStatus: "inactive", subscriptionPeriodEnd: null, timeZone: "UTC" }),
    ).toBeNull();
    expect(endedPlanText({ ...ended, subscriptionStatus: "active", timeZone: "UTC" })).toBeNull();
    expect(endedPlanText({ ...ended, subscriptionPeriodEnd: null, timeZone: "UTC" })).toBeNull();
  });
});
