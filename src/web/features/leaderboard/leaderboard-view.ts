import { utcToZonedTime } from "../../../core/rules/zoned-time";
import { displayTimeZone, formatDay, formatTime } from "../../lib/format";
import { knownTimeZone } from "../../lib/local-datetime";
import type { Leaderboard, LeaderboardEntry } from "./api";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date of an instant in a time zone, as a Date at UTC midnight of that day. */
function calendarDay(at: Date, timeZone: string | undefined): Date {
  const [y, m, d] = utcToZonedTime(at, knownTimeZone(timeZone ?? displayTimeZone()))
    .date.split("-")
    .map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * The leaderboard's week for a member: Monday to Sunday of their own calendar, in their time zone
 * (the server counts each member's own week, the days their dashboard shows). The days are
 * returned as UTC midnights of those calendar dates, and formatted in UTC.
 */
export function memberWeek(now: Date, timeZone?: string): { monday: Date; sunday: Date; nextMonday: Date } {
  const today = calendarDay(now, timeZone);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = new Date(today.getTime() - sinceMonday * DAY_MS);
  return {
    monday,
    sunday: new Date(monday.getTime() + 6 * DAY_MS),
    nextMonday: new Date(monday.getTime() + 7 * DAY_MS),
  };
}

/** "This week (Mon, Nov 16 – Sun, Nov 22)": the member's week, its days as every page writes days. */
export function weekLabel(now: Date, timeZone?: string, locale?: string): string {
  const { monday, sunday } = memberWeek(now, timeZone);
  return `This week (${formatDay(monday, { locale })} – ${formatDay(sunday, { locale })})`;
}

/** When the member's board starts over: next Monday at midnight, their time ("Mon, Nov 23, 12:00 AM"). */
export function weekResetLabel(now: Date, timeZone?: string, locale?: string): string {
  const { nextMonday } = memberWeek(now, timeZone);
  return `${formatDay(nextMonday, { locale })}, ${formatTime(nextMonday, { timeZone: "UTC", locale })}`;
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
