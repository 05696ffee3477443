import { describe, expect, it } from "vitest";
import { cancelConfirmationText, endedPlanText, periodEndText } from "./subscription-view";

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

describe("the end of the paid period, as the profile and the cancel confirmation say it", () => {
  const active = { subscriptionStatus: "active", subscriptionPeriodEnd: "2026-06-03T13:00:00.000Z" };

  it("is the instant in the member's profile zone, whatever the device's", () => {
    expect(periodEndText({ ...active, timeZone: "America/New_York" }, "en-US")).toBe(
      "Jun 3, 2026, 9:00 AM EDT",
    );
    expect(periodEndText({ ...active, timeZone: "Asia/Tokyo" }, "en-US")).toBe("Jun 3, 2026, 10:00 PM GMT+9");
    expect(periodEndText({ ...active, subscriptionPeriodEnd: null, timeZone: "UTC" })).toBeNull();
  });

  it("tells the member until when the membership stays active before they cancel", () => {
    expect(cancelConfirmationText({ ...active, timeZone: "America/New_York" }, "en-US")).toBe(
      "Cancellation takes effect at the end of the billing period. Your membership stays active until Jun 3, 2026, 9:00 AM EDT, with no further charge. You can reactivate it any time before then.",
    );
  });
});
