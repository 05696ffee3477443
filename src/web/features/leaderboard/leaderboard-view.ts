import type { Leaderboard, LeaderboardEntry } from "./api";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The leaderboard's week: the current ISO week in UTC, Monday 00:00 to Sunday (the server's
 * window, one clock for members in every zone).
 */
export function isoWeekUtc(now: Date): { monday: Date; sunday: Date; nextMonday: Date } {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday));
  return {
    monday,
    sunday: new Date(monday.getTime() + 6 * DAY_MS),
    nextMonday: new Date(monday.getTime() + 7 * DAY_MS),
  };
}

// The week's days are UTC dates: formatted in UTC, or a member west of Greenwich would see Sunday.
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "Mon 16 Nov" */
export function shortDay(date: Date): string {
  // en-GB writes "Mon, 16 Nov" in some runtimes and "Mon 16 Nov" in others.
  return dayFormat.format(date).replace(",", "");
}

/** "This week (Mon 16 Nov – Sun 22 Nov)" */
export function weekLabel(now: Date): string {
  const { monday, sunday } = isoWeekUtc(now);
  return `This week (${shortDay(monday)} – ${shortDay(sunday)})`;
}

/** When the board starts over, in the viewer's own clock: "Mon 23 Nov, 01:00". */
export function weekResetLabel(now: Date, timeZone?: string): string {
  const { nextMonday } = isoWeekUtc(now);
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  })
    .format(nextMonday)
    .replace(/^(\w+),/, "$1");
}

export function displayName(entry: Pick<LeaderboardEntry, "firstName" | "lastName">): string {
  return `${entry.firstName} ${entry.lastName}`.trim() || "StepRace member";
}

export type Podium = 1 | 2 | 3 | null;

export interface BoardRow extends LeaderboardEntry {
  isMe: boolean;
  /** Ranks 1 to 3 (ties share them). */
  podium: Podium;
}

export interface BoardView {
  rows: BoardRow[];
  /**
   * The viewer's place when it is not among the rows (outside the top 50): shown below the list.
   * Null when they are listed, take no part, or have no steps this week.
   */
  ownPlaceBelow: { rank: number; steps: number } | null;
  /** The viewer takes part but has not synced a step this week: they have no place yet. */
  viewerUnranked: boolean;
}

export function podiumOf(rank: number): Podium {
  return rank === 1 || rank === 2 || rank === 3 ? rank : null;
}

export function boardView(board: Leaderboard, viewerId: number | null): BoardView {
  const rows = board.entries.map((entry) => ({
    ...entry,
    isMe: viewerId !== null && entry.userId === viewerId,
    podium: podiumOf(entry.rank),
  }));
  const listed = rows.some((row) => row.isMe);
  const me = board.me;
  const hasSteps = me !== null && me.steps > 0;
  return {
    rows,
    ownPlaceBelow: me && hasSteps && !listed ? me : null,
    viewerUnranked: me !== null && !hasSteps,
  };
}

/**
 * The member the viewer would pass next: the listed member with the fewest steps above theirs,
 * and how many more steps that takes (one more than the gap: a tie shares the place).
 */
export function nextToPass(
  entries: LeaderboardEntry[],
  me: { steps: number },
): { name: string; stepsToPass: number } | null {
  let target: LeaderboardEntry | null = null;
  for (const entry of entries) {
    if (entry.steps > me.steps && (target === null || entry.steps < target.steps)) target = entry;
  }
  return target ? { name: displayName(target), stepsToPass: target.steps - me.steps + 1 } : null;
}

export const formatSteps = (steps: number) => steps.toLocaleString("en-US");
