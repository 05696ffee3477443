import { describe, expect, it } from "vitest";
import { prizeRuleText } from "../../../core/rules/prize-split";
import type { Competition } from "../../../core/schemas/competitions";
import { ApiError } from "../../lib/api-client";
import {
  canExit,
  canManage,
  chatTitle,
  entryFeeLabel,
  guidelinesFor,
  joinClosedReason,
  joinErrorToast,
  leftToast,
  myCompetitions,
  paidOutMinor,
  participantsLabel,
  poolTile,
  resultSummary,
  shareText,
  splitSections,
  updateErrorToast,
} from "./competition-view";

function competition(overrides: Partial<Competition> = {}): Competition {
  return {
    id: 1,
    name: "Autumn Sprint",
    description: "Walk more",
    entryFee: 10,
    prizePool: 20,
    participantCount: 2,
    maxParticipants: null,
    startDate: "2026-11-24T09:00:00Z",
    endDate: "2026-11-30T09:00:00Z",
    entryDeadline: "2026-11-24T09:00:00Z",
    entryDeadlineHours: null,
    status: "upcoming",
    createdBy: 9,
    isParticipant: false,
    canJoin: true,
    inviteCode: "AB12CD",
    leaderboard: [],
    userRank: null,
    settlement: "open",
    results: [],
    canDispute: false,
    ...overrides,
  };
}

describe("competition card labels", () => {
  it("shows Free without a fee and ∞ without a maximum", () => {
    expect(entryFeeLabel(null)).toBe("Free");
    expect(entryFeeLabel(12.5)).toBe("12.50 FC");
    expect(participantsLabel(3, null)).toBe("3 / ∞");
    expect(participantsLabel(3, 10)).toBe("3 / 10");
  });

  it("titles the chat with the word test removed in any case and whitespace collapsed", () => {
    expect(chatTitle("TEST  Morning   Walkers test")).toBe("Morning Walkers Chat");
    expect(chatTitle("Test")).toBe("Competition Chat");
    // Only the word: names that contain the letters keep them.
    expect(chatTitle("Step Contest")).toBe("Step Contest Chat");
  });

  it("mentions the pool in the share text when there is one, and a free competition as free", () => {
    expect(shareText({ name: "A", prizePool: 15, entryFee: 5 })).toContain(
      "The prize pool is already 15.00 FC.",
    );
    expect(shareText({ name: "A", prizePool: 0, entryFee: 5 })).toContain(
      "The prize pool grows with each participant.",
    );
    const free = shareText({ name: "A", prizePool: 0, entryFee: null });
    expect(free).toContain("It's free to join.");
    expect(free).not.toMatch(/pool/i);
  });
});

describe("words say what happens (issue 32 item 6)", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  const before = "2026-11-21T00:00:00Z";
  const after = "2026-11-19T00:00:00Z";

  it("guidelines of a paid competition before its start: the fee charged, a refund until the start", () => {
    const lines = guidelinesFor({ entryFee: 10, prizePool: 30, startDate: before }, now);
    expect(lines).toContain("The entry fee of 10.00 FC is charged as soon as you join.");
    expect(lines).toContain(
      "You can leave for a full refund until the competition starts; after the start there are no refunds, and fees stay in the prize pool.",
    );
    expect(lines).toContain(prizeRuleText("competition"));
  });

  it("guidelines of a paid competition joined after its start promise no refund", () => {
    const lines = guidelinesFor({ entryFee: 10, prizePool: 30, startDate: after }, now);
    expect(lines).toContain(
      "It has already started, so the entry fee cannot be refunded: it goes into the prize pool.",
    );
    expect(lines.join(" ")).not.toMatch(/full refund|refund until/);
  });

  it("guidelines of a free competition charge nothing and refund nothing", () => {
    for (const startDate of [before, after]) {
      const text = guidelinesFor({ entryFee: null, prizePool: 0, startDate }, now).join(" ");
      expect(text).toContain("This competition is free: joining charges nothing.");
      expect(text).not.toMatch(/entry fee|refund|prize pool goes/i);
    }
    expect(guidelinesFor({ entryFee: null, prizePool: 0, startDate: after }, now)).toContain(
      "It has already started: once you join you stay in until it ends.",
    );
  });

  it("the pool tile: none for a free competition without a pool, what was paid out once settled", () => {
    expect(poolTile(competition({ entryFee: null, prizePool: 0 }))).toEqual({
      label: "Prize Pool",
      value: "None",
    });
    expect(poolTile(competition({ entryFee: null, prizePool: 15 }))).toEqual({
      label: "Prize Pool",
      value: "15.00 FC",
    });
    expect(poolTile(competition({ entryFee: 10, prizePool: 0 }))).toEqual({
      label: "Prize Pool",
      value: "0.00 FC",
    });
    const winner = { userId: 1, firstName: "A", lastName: "B", position: 1, steps: 9, prize: 6 };
    expect(
      poolTile(
        competition({
          prizePool: 0,
          status: "completed",
          settlement: "settled",
          results: [winner, { ...winner, userId: 2, position: 2, prize: 4.1 }],
        }),
      ),
    ).toEqual({ label: "Paid Out", value: "10.10 FC" });
    expect(poolTile(competition({ prizePool: 0, settlement: "refunded" }))).toEqual({
      label: "Prize Pool",
      value: "Refunded",
    });
    expect(poolTile(competition({ entryFee: null, prizePool: 0, settlement: "refunded" }))).toEqual({
      label: "Prize Pool",
      value: "None",
    });
  });

  it("leaving toasts a refund only when there was a fee", () => {
    expect(leftToast({ name: "Walk", entryFee: null }).description).toBe("You left Walk.");
    expect(leftToast({ name: "Walk", entryFee: 12.5 }).description).toBe(
      "Your entry fee of 12.50 FC was refunded to your FitCoins.",
    );
  });
});

describe("the page's sections", () => {
  it("puts joined upcoming or active competitions first, the rest to join, completed ones apart", () => {
    const list = [
      competition({ id: 1, isParticipant: true, status: "active", startDate: "2026-11-20T00:00:00Z" }),
      competition({ id: 2 }),
      competition({ id: 3, isParticipant: true, status: "completed" }),
      competition({ id: 4, status: "completed" }),
      competition({ id: 5, isParticipant: true, startDate: "2026-11-19T00:00:00Z" }),
    ];
    const s = splitSections(list);
    expect(s.currentlyActive.map((c) => c.id)).toEqual([5, 1]);
    expect(s.availableToJoin.map((c) => c.id)).toEqual([2]);
    expect(s.recentResults.map((c) => c.id)).toEqual([3]);
  });
});

describe("who may do what", () => {
  const now = new Date("2026-11-23T12:00:00Z");

  it("offers Exit to a participant only before the start", () => {
    expect(canExit(competition({ isParticipant: true }), now)).toBe(true);
    expect(canExit(competition({ isParticipant: true, startDate: "2026-11-23T11:00:00Z" }), now)).toBe(false);
    expect(canExit(competition(), now)).toBe(false);
  });

  it("lets the creator and site admins manage", () => {
    expect(canManage(competition(), 9, false)).toBe(true);
    expect(canManage(competition(), 8, false)).toBe(false);
    expect(canManage(competition(), 8, true)).toBe(true);
    expect(canManage(competition(), undefined, false)).toBe(false);
  });

  it("says why Join is not offered", () => {
    expect(joinClosedReason(competition({ maxParticipants: 2 }), now)).toBe("Competition Full");
    expect(joinClosedReason(competition({ endDate: "2026-11-23T11:00:00Z" }), now)).toBe("Competition Ended");
    expect(joinClosedReason(competition(), now)).toBe("Entries Closed");
  });
});

describe("toasts of specification 2 section 8", () => {
  it("sends a missing subscription to the subscribe page's toast", () => {
    const error = new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" });
    expect(joinErrorToast(error)).toMatchObject({
      title: "Subscription Required",
      description:
        "You need an active subscription to join competitions. Redirecting to subscription page...",
    });
  });

  it("shows the server's message, else Failed to join competition", () => {
    const funds = new ApiError(422, "Not enough FitCoins", { code: "INSUFFICIENT_FUNDS" });
    expect(joinErrorToast(funds)).toMatchObject({ title: "Error", description: "Not enough FitCoins" });
    expect(joinErrorToast(new Error(""))).toMatchObject({ description: "Failed to join competition" });
  });

  it("an update failure reads Update Failed, a network failure Network error", () => {
    expect(updateErrorToast(new ApiError(409, "Too late to change the fee"))).toMatchObject({
      title: "Update Failed",
      description: "Too late to change the fee",
    });
    expect(updateErrorToast(new ApiError(500, ""))).toMatchObject({
      description: "Failed to update competition (500)",
    });
    expect(updateErrorToast(new TypeError("Failed to fetch"))).toMatchObject({
      description: "Network error",
    });
  });
});

describe("a finished competition's summary", () => {
  const results = [
    { userId: 1, firstName: "A", lastName: "B", position: 1, steps: 120, prize: 6.01 },
    { userId: 2, firstName: "C", lastName: "D", position: 2, steps: 80, prize: 3.99 },
  ];

  it("adds the prizes paid in hundredths, since the pool is empty once paid", () => {
    expect(paidOutMinor(results)).toBe(1000);
    expect(resultSummary(competition({ settlement: "settled", prizePool: 0, results }))).toBe(
      "Paid out 10.00 FC",
    );
  });

  it("says the pool while the results wait, and the viewer's place", () => {
    expect(
      resultSummary(
        competition({ settlement: "under_review", prizePool: 30, userRank: { position: 2, steps: 9 } }),
      ),
    ).toBe("Prize pool 30.00 FC · You finished #2");
    expect(resultSummary(competition({ settlement: "refunded" }))).toBe("Entry fees refunded");
  });
});

describe("the member's own competitions on the dashboards (issue 32 item 7)", () => {
  it("lists only those they joined that are not over, soonest first; none for no list", () => {
    const at = (id: number, isParticipant: boolean, status: Competition["status"], start: string) =>
      ({ id, isParticipant, status, startDate: start, endDate: "2030-01-01T00:00:00Z" }) as Competition;
    const list = [
      at(1, true, "upcoming", "2026-06-02T00:00:00Z"),
      at(2, false, "active", "2026-05-01T00:00:00Z"),
      at(3, true, "active", "2026-05-01T00:00:00Z"),
      at(4, true, "completed", "2026-04-01T00:00:00Z"),
    ];
    expect(myCompetitions(list).map((c) => c.id)).toEqual([3, 1]);
    expect(myCompetitions(null)).toEqual([]);
  });
});
