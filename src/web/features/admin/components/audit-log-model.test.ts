import { describe, expect, it } from "vitest";
import {
  actionOptions,
  auditActorWords,
  auditQuery,
  detailLines,
  NO_FILTERS,
  targetWords,
} from "./audit-log-model";

describe("audit log screen model", () => {
  it("sends an id or a username, and whole days of the admin's zone as instants", () => {
    const q = auditQuery(
      { action: "user", admin: " 7 ", member: "@Sam", from: "2026-03-08", to: "2026-03-08" },
      "America/New_York",
    );
    expect(Object.fromEntries(q)).toEqual({
      action: "user",
      adminId: "7",
      targetUsername: "Sam",
      // Midnight in New York (EST, UTC-5) to the last instant of the day (EDT from 3:00, UTC-4).
      from: "2026-03-08T05:00:00.000Z",
      to: "2026-03-09T03:59:59.999Z",
      limit: "25",
    });
    expect(Object.fromEntries(auditQuery(NO_FILTERS, "UTC", 10))).toEqual({ limit: "10" });
  });

  it("offers every object's actions together, then each action in words", () => {
    const options = actionOptions();
    expect(options).toContainEqual({ value: "user", label: "All user actions" });
    expect(options).toContainEqual({ value: "fitcoins.grant", label: "Granted FitCoins" });
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it("says who acted: an admin, or the member on their own account", () => {
    expect(auditActorWords({ actor: "admin", admin: { id: 1, username: "ada" } })).toBe("by @ada");
    expect(auditActorWords({ actor: "member", admin: { id: 3, username: "dana" } })).toBe(
      "by @dana, on their own account",
    );
  });

  it("names the object unless the member link says it all", () => {
    const member = { id: 3, username: "sam" };
    expect(targetWords({ targetType: "user", targetId: 3, targetUser: member })).toBeNull();
    expect(targetWords({ targetType: "competition", targetId: 12, targetUser: member })).toBe(
      "Competition #12",
    );
    expect(targetWords({ targetType: "deposits", targetId: null, targetUser: null })).toBe("Deposits");
    expect(targetWords({ targetType: "step_flag", targetId: 3, targetUser: member })).toBe("Step flag");
  });

  it("reads details and edits' changes as lines", () => {
    expect(
      detailLines({
        fitcoins: 25,
        changes: { name: { from: "Morning", to: "Evening" }, poolGoal: { from: null, to: "100.00" } },
        atStake: ["active subscription", "holds $5.00"],
      }),
    ).toEqual([
      { label: "FitCoins", value: "25" },
      { label: "Name", value: "Morning → Evening" },
      { label: "Pool goal (FC)", value: "none → 100.00" },
      { label: "At stake", value: "active subscription, holds $5.00" },
    ]);
    expect(
      detailLines(
        {
          isActive: true,
          endDate: "2026-03-02T15:00:00.000Z",
          name: "Walk",
          startDate: "2026-03-01T15:00:00.000Z",
        },
        "America/New_York",
      ),
    ).toEqual([
      { label: "Name", value: "Walk" },
      { label: "Start date", value: "Mar 1, 2026, 10:00 AM EST" },
      { label: "End date", value: "Mar 2, 2026, 10:00 AM EST" },
      { label: "Is active", value: "yes" },
    ]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines({ changes: {} })).toEqual([{ label: "Changes", value: "none" }]);
  });
});
