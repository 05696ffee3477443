import { describe, expect, it } from "vitest";
import type { Leaderboard, LeaderboardEntry } from "./api";
import {
  boardView,
  displayName,
  memberWeek,
  nextToPass,
  weekLabel,
  weekResetLabel,
} from "./leaderboard-view";

describe("the leaderboard's week", () => {
  it("is the member's own week, Monday to Sunday", () => {
    // Saturday 21 November 2026.
    expect(weekLabel(new Date("2026-11-21T08:00:00Z"), "UTC", "en-US")).toBe(
      "This week (Mon, Nov 16 – Sun, Nov 22)",
    );
    const { monday, sunday, nextMonday } = memberWeek(new Date("2026-11-21T08:00:00Z"), "UTC");
    expect(monday.toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(sunday.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(nextMonday.toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("starts on the member's Monday: already in Tokyo, not yet in Los Angeles", () => {
    // Sunday 22 November, 16:00 UTC: Monday 01:00 in Tokyo, Sunday 08:00 in Los Angeles.
    const at = new Date("2026-11-22T16:00:00Z");
    expect(weekLabel(at, "Asia/Tokyo", "en-US")).toBe("This week (Mon, Nov 23 – Sun, Nov 29)");
    expect(weekLabel(at, "America/Los_Angeles", "en-US")).toBe("This week (Mon, Nov 16 – Sun, Nov 22)");
    expect(weekLabel(new Date("2026-11-16T00:00:00Z"), "UTC", "en-US")).toBe(
      "This week (Mon, Nov 16 – Sun, Nov 22)",
    );
  });

  it("spans months and years", () => {
    expect(weekLabel(new Date("2026-12-31T12:00:00Z"), "UTC", "en-US")).toBe(
      "This week (Mon, Dec 28 – Sun, Jan 3)",
    );
  });

  it("says the next week starts next Monday at midnight, the member's time", () => {
    expect(weekResetLabel(new Date("2026-11-21T08:00:00Z"), "Europe/Paris", "en-US")).toBe(
      "Mon, Nov 23, 12:00 AM",
    );
    expect(weekResetLabel(new Date("2026-11-22T16:00:00Z"), "Asia/Tokyo", "en-US")).toBe(
      "Mon, Nov 30, 12:00 AM",
    );
  });
});

function entry(userId: number, rank: number, steps: number): LeaderboardEntry {
  return { rank, userId, firstName: `First${userId}`, lastName: "Walker", profileImageUrl: null, steps };
}

describe("the board's rows", () => {
  const board: Leaderboard = {
    entries: [entry(7, 1, 9000), entry(3, 1, 9000), entry(5, 3, 4000), entry(9, 4, 100)],
    me: { rank: 3, steps: 4000 },
  };

  it("mark the podium by rank, ties included, and the viewer's own row", () => {
    const view = boardView(board, 5);
    expect(view.rows.map((r) => r.podium)).toEqual([1, 1, 3, null]);
    expect(view.rows.filter((r) => r.isMe).map((r) => r.userId)).toEqual([5]);
    expect(view.ownPlaceBelow).toBeNull();
    expect(view.viewerUnranked).toBe(false);
  });

  it("show the viewer's place below the list when they are outside the top 50", () => {
    const view = boardView({ ...board, me: { rank: 57, steps: 12 } }, 42);
    expect(view.rows.some((r) => r.isMe)).toBe(false);
    expect(view.ownPlaceBelow).toEqual({ rank: 57, steps: 12 });
  });

  it("give no place to a viewer without steps this week", () => {
    const view = boardView({ ...board, me: { rank: 5, steps: 0 } }, 42);
    expect(view.ownPlaceBelow).toBeNull();
    expect(view.viewerUnranked).toBe(true);
  });

  it("give no place to a viewer who takes no part", () => {
    const view = boardView({ ...board, me: null }, 42);
    expect(view.ownPlaceBelow).toBeNull();
    expect(view.viewerUnranked).toBe(false);
  });
});

describe("a member's name", () => {
  it("is the first and last name, or a neutral word when both are empty", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: "Ada", lastName: "" })).toBe("Ada");
    expect(displayName({ firstName: " ", lastName: "" })).toBe("StepRace member");
  });
});

describe("the next member to pass", () => {
  const entries = [entry(1, 1, 9000), entry(2, 2, 5000), entry(3, 2, 5000), entry(4, 4, 100)];

  it("is the listed member just above, one step more than the gap", () => {
    expect(nextToPass(entries, { steps: 100 })).toEqual({ name: "First2 Walker", stepsToPass: 4901 });
    expect(nextToPass(entries, { steps: 5000 })).toEqual({ name: "First1 Walker", stepsToPass: 4001 });
  });

  it("is nobody for the leader", () => {
    expect(nextToPass(entries, { steps: 9000 })).toBeNull();
  });
});
