import { describe, expect, it } from "vitest";
import type { Group } from "../../../core/schemas/groups";
import { ApiError } from "../../lib/api-client";
import {
  avatarStack,
  awaitsNextRound,
  canAfford,
  contributionText,
  deleteRefusal,
  goalProgress,
  groupChatTime,
  groupInviteLink,
  inviteCodeFromInput,
  isSoleAdmin,
  joinFailure,
  leaveForfeits,
  leaveRefundText,
  startCompetitionAction,
  staticCountdownText,
  visibleGroups,
} from "./group-view";

const group = (over: Partial<Group>): Group => ({
  id: 1,
  name: "Striders",
  description: "",
  role: "member",
  memberCount: 2,
  members: [],
  poolBalance: "0.00",
  poolGoal: null,
  poolEntryPrice: "15.00",
  hasScheduledCompetition: false,
  competitionStartDate: null,
  competitionEndDate: null,
  entryDeadlineDate: null,
  entryDeadlineHours: null,
  competitionStatus: null,
  settlement: null,
  inviteCode: "AB12CD34",
  createdBy: 9,
  isPrivate: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  leaderboard: [],
  ...over,
});

describe("inviteCodeFromInput", () => {
  it("takes a bare code as typed, trimmed", () => {
    expect(inviteCodeFromInput("  AB12CD34 ")).toBe("AB12CD34");
    expect(inviteCodeFromInput("   ")).toBe("");
  });

  it("takes the last path segment of a link, without query, fragment or trailing slash", () => {
    expect(inviteCodeFromInput("https://steprace.app/join/AB12CD34")).toBe("AB12CD34");
    expect(inviteCodeFromInput("https://steprace.app/groups/join/AB12CD34/?ref=chat#top")).toBe("AB12CD34");
    expect(inviteCodeFromInput("steprace.app/join/AB%2012")).toBe("AB 12");
  });
});

describe("groupInviteLink", () => {
  it("uses /groups/join/ on the groups page and /join/ elsewhere", () => {
    expect(groupInviteLink("https://x.test/", "AB 1", "groups")).toBe("https://x.test/groups/join/AB%201");
    expect(groupInviteLink("https://x.test", "AB1", "short")).toBe("https://x.test/join/AB1");
  });
});

describe("groupChatTime", () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it("shows only the time under 24 hours", () => {
    const at = new Date(2026, 2, 9, 15, 30);
    expect(groupChatTime(now, at, "en-US")).toBe("3:30 PM");
  });

  it("shows the date and the time from 24 hours on", () => {
    const at = new Date(2026, 2, 9, 15, 0);
    expect(groupChatTime(now, at, "en-US")).toBe("Mar 9, 2026, 3:00 PM");
  });
});

describe("goalProgress", () => {
  it("is none without a goal", () => {
    expect(goalProgress("10.00", null)).toBeNull();
    expect(goalProgress("10.00", "0.00")).toBeNull();
  });

  it("rounds the percent down and caps the bar at 100%", () => {
    expect(goalProgress("33.33", "100.00")).toEqual({ percent: 33, bar: 33 });
    expect(goalProgress("250.00", "100.00")).toEqual({ percent: 250, bar: 100 });
  });
});

describe("visibleGroups", () => {
  it("hides others' groups whose competition is completed, keeps each group once, in order", () => {
    const list = [
      group({ id: 1 }),
      group({ id: 2, competitionStatus: "completed", role: null }),
      group({ id: 3, competitionStatus: "active" }),
      group({ id: 1, name: "again" }),
    ];
    expect(visibleGroups(list).map((g) => [g.id, g.name])).toEqual([
      [1, "Striders"],
      [3, "Striders"],
    ]);
  });

  it("keeps the viewer's own groups between rounds, admin or member", () => {
    const list = [
      group({ id: 1, competitionStatus: "completed", role: "member", settlement: "settled" }),
      group({ id: 2, competitionStatus: "completed", role: "admin", settlement: "pending" }),
    ];
    expect(visibleGroups(list).map((g) => g.id)).toEqual([1, 2]);
  });
});

describe("awaitsNextRound", () => {
  it("is true without a round or once the last one is paid, false while one is to come, runs or is being paid", () => {
    expect(awaitsNextRound({ hasScheduledCompetition: false, settlement: null })).toBe(true);
    expect(awaitsNextRound({ hasScheduledCompetition: true, settlement: "settled" })).toBe(true);
    expect(awaitsNextRound({ hasScheduledCompetition: true, settlement: "refunded" })).toBe(true);
    for (const settlement of ["open", "pending", "under_review"] as const) {
      expect(awaitsNextRound({ hasScheduledCompetition: true, settlement })).toBe(false);
    }
  });
});

describe("avatarStack", () => {
  it("shows three and counts the rest of the members", () => {
    expect(avatarStack([1, 2, 3, 4, 5], 12)).toEqual({ shown: [1, 2, 3], more: 9 });
    expect(avatarStack([1, 2], 2)).toEqual({ shown: [1, 2], more: 0 });
  });
});

describe("deleting", () => {
  const start = "2026-03-10T12:00:00.000Z";
  const end = "2026-03-11T12:00:00.000Z";
  const round = (over: Partial<Group>) =>
    group({ competitionStartDate: start, competitionEndDate: end, ...over });
  it("says before the admin tries that a round under way must finish and when it ends", () => {
    const during = new Date("2026-03-10T12:00:00.000Z");
    const inGrace = new Date("2026-03-11T12:05:00.000Z");
    const text = deleteRefusal(round({ settlement: "open" }), during, "Europe/Berlin", "en-GB");
    expect(text).toBe(
      "This group's round is under way, so the group can't be deleted until the round has finished and paid its winners. The round ends 11 Mar 2026, 13:00 CET; you can delete the group once its results are in.",
    );
    expect(deleteRefusal(round({ settlement: "pending" }), inGrace, "UTC")).toMatch(/under way/);
    expect(deleteRefusal(round({ settlement: "under_review" }), inGrace, "UTC")).toMatch(/under way/);
  });

  it("lets the group go before the round starts, without one, and once it is paid", () => {
    const after = new Date("2026-03-12T00:00:00.000Z");
    expect(
      deleteRefusal(round({ settlement: "open" }), new Date("2026-03-10T11:59:00.000Z"), "UTC"),
    ).toBeNull();
    expect(deleteRefusal(group({}), after, "UTC")).toBeNull();
    expect(deleteRefusal(round({ settlement: "settled" }), after, "UTC")).toBeNull();
    expect(deleteRefusal(round({ settlement: "refunded" }), after, "UTC")).toBeNull();
  });
});

describe("leaving", () => {
  const start = "2026-03-10T12:00:00.000Z";
  it("refunds before the start, without a competition, and after settlement", () => {
    const before = new Date("2026-03-10T11:59:00.000Z");
    const after = new Date("2026-03-11T00:00:00.000Z");
    expect(leaveForfeits(group({ competitionStartDate: start }), before)).toBe(false);
    expect(leaveForfeits(group({}), after)).toBe(false);
    expect(leaveForfeits(group({ competitionStartDate: start, settlement: "settled" }), after)).toBe(false);
    expect(leaveRefundText(group({}), after)).toMatch(/will be refunded/);
  });

  it("refunds nothing once the competition has started", () => {
    const after = new Date("2026-03-10T12:00:00.000Z");
    const started = group({ competitionStartDate: start, settlement: "open" });
    expect(leaveForfeits(started, after)).toBe(true);
    expect(leaveRefundText(started, after)).toMatch(/refunds nothing/);
  });

  it("warns an only admin", () => {
    const admin = { userId: 1, firstName: "A", lastName: "B", profileImageUrl: null, role: "admin" as const };
    const member = { ...admin, userId: 2, role: "member" as const };
    expect(isSoleAdmin(group({ role: "admin", members: [admin, member] }))).toBe(true);
    expect(isSoleAdmin(group({ role: "admin", members: [admin, { ...member, role: "admin" }] }))).toBe(false);
    expect(isSoleAdmin(group({ role: "member", members: [admin, member] }))).toBe(false);
  });
});

describe("staticCountdownText", () => {
  it("names the group without a live countdown", () => {
    expect(staticCountdownText(group({}))).toBe("No competition scheduled");
    expect(
      staticCountdownText(group({ hasScheduledCompetition: true, competitionStatus: "completed" })),
    ).toBe("Competition completed");
    expect(
      staticCountdownText(group({ hasScheduledCompetition: true, competitionStatus: "active" })),
    ).toBeNull();
  });
});

describe("canAfford", () => {
  it("compares the FitCoins with the entry price in hundredths", () => {
    expect(canAfford(15, "15.00")).toBe(true);
    expect(canAfford(14.99, "15.00")).toBe(false);
    expect(canAfford(0.1 + 0.2, "0.30")).toBe(true);
    expect(canAfford(0, null)).toBe(true);
  });
});

describe("joinFailure", () => {
  it("sends a missing subscription to subscribe", () => {
    const error = new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" });
    expect(joinFailure(error)).toMatchObject({
      kind: "subscription",
      toast: { title: "Subscription Required" },
    });
  });

  it("names an ended competition", () => {
    const error = new ApiError(410, "This group's round has ended", { code: "COMPETITION_ENDED" });
    // The link works again once the round is paid (DESIGN 1, group money), and the text says so.
    expect(joinFailure(error)).toMatchObject({
      kind: "ended",
      toast: {
        title: "Competition Ended",
        description:
          "This group's round has ended and its results are being settled. The invite link works again once they are in.",
      },
    });
  });

  it("shows anything else with its message, or Failed to join group", () => {
    const funds = new ApiError(422, "Insufficient FitCoins", { code: "INSUFFICIENT_FUNDS" });
    expect(joinFailure(funds).toast).toMatchObject({ title: "Error", description: "Insufficient FitCoins" });
    expect(joinFailure(new Error("")).toast.description).toBe("Failed to join group");
  });
});

describe("Start Competition and the contributions list (issue 32 item 7)", () => {
  const round = (hasScheduledCompetition: boolean, settlement: Group["settlement"]) => ({
    hasScheduledCompetition,
    settlement,
  });
  it("opens the schedule for the group's admins while no round is to come or running, else shows the round", () => {
    expect(startCompetitionAction(round(false, null), true)).toBe("edit");
    expect(startCompetitionAction(round(true, "settled"), true)).toBe("nextRound");
    expect(startCompetitionAction(round(true, "refunded"), true)).toBe("nextRound");
    expect(startCompetitionAction(round(true, "open"), true)).toBe("view");
    expect(startCompetitionAction(round(true, "pending"), true)).toBe("view");
    expect(startCompetitionAction(round(false, null), false)).toBe("view");
    expect(startCompetitionAction(round(true, "settled"), false)).toBe("view");
  });
  it("says an entry is the entry fee, a contribution its description or No description", () => {
    expect(contributionText({ kind: "entry", description: null })).toBe("Entry fee");
    expect(contributionText({ kind: "contribution", description: "Coffee" })).toBe("Coffee");
    expect(contributionText({ kind: "contribution", description: "" })).toBe("No description");
  });
});
