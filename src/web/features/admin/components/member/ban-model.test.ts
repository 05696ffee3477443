import { describe, expect, it } from "vitest";
import { banMembershipText, liftMembershipText } from "./ban-model";

describe("what a ban says of the membership", () => {
  const end = "2026-06-03T13:00:00.000Z";

  it("says a running membership stops renewing, until when it is paid, and that lifting undoes it", () => {
    expect(banMembershipText({ status: "active", currentPeriodEnd: end }, "America/New_York")).toBe(
      "Their membership stops renewing: it stays paid until Jun 3, 2026, 9:00 AM EDT, with no further charge. Lifting the ban before then turns renewal back on.",
    );
    expect(banMembershipText({ status: "cancel_at_period_end", currentPeriodEnd: end }, "UTC")).toBe(
      "Their membership already ends on Jun 3, 2026, 1:00 PM UTC, as they set it; the ban leaves it so.",
    );
    expect(banMembershipText({ status: "expired", currentPeriodEnd: end }, "UTC")).toBe(
      "They have no running membership.",
    );
    expect(banMembershipText(undefined, "UTC")).toBe("Checking their membership...");
  });

  it("says beside Lift Ban what lifting does to a membership the ban stopped", () => {
    const stopped = { status: "cancel_at_period_end" as const, currentPeriodEnd: end, stoppedByBan: true };
    expect(liftMembershipText(stopped, "UTC")).toBe(
      "The ban stopped their membership renewing. Lifting it before Jun 3, 2026, 1:00 PM UTC turns renewal back on.",
    );
    expect(liftMembershipText({ ...stopped, status: "expired" }, "UTC")).toBe(
      "Their membership ended while they were banned: lifting the ban does not renew it.",
    );
    expect(liftMembershipText({ ...stopped, stoppedByBan: false }, "UTC")).toBeNull();
  });
});
