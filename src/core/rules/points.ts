import { DAILY_MILESTONES, POINTS_PER_STEP_BLOCK, STEPS_PER_POINT_BLOCK, STREAK_BONUSES } from "../constants";
import type { PointTransactionType } from "../schemas/rewards";

/*
 * How steps earn points (specification 3 section 9; DESIGN 1, points). Pure: the server's award
 * job and the points page read the same rules. Days are the member's local calendar days as
 * ISO dates ("2026-11-23").
 */

export type Milestone = (typeof DAILY_MILESTONES)[number];
export type StreakBonus = (typeof STREAK_BONUSES)[number];

/** Full blocks of 500 steps in a day's total. */
export function stepBlocks(steps: number): number {
  return Math.floor(Math.max(0, steps) / STEPS_PER_POINT_BLOCK);
}

/** 20 points per full 500 steps. */
export function stepPoints(steps: number): number {
  return stepBlocks(steps) * POINTS_PER_STEP_BLOCK;
}

/** The daily milestones a day's total has reached, lowest first. */
export function milestonesReached(steps: number): Milestone[] {
  return DAILY_MILESTONES.filter((m) => steps >= m.steps);
}

/** The calendar day after (or, with -1, before) an ISO date. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The length of the run of consecutive days at or above `threshold` steps that ends on `date`
 * (0 when that day is below). `stepsOn` answers a day's total (0 for a day without steps).
 * Days are calendar days: a day skipped by a time-zone change breaks a run like any missed day.
 */
export function streakEndingOn(stepsOn: (date: string) => number, date: string, threshold: number): number {
  let length = 0;
  for (let day = date; stepsOn(day) >= threshold; day = shiftDate(day, -1)) length++;
  return length;
}

/**
 * The streak bonuses a run of `length` days at `threshold` pays on its last day. A tier pays its
 * 7-, 14- (and 30-) day bonuses as the run reaches them, then starts its cycle again while the
 * run goes on (a 37-day run at 10,000 pays the 7-day bonus again on day 37), so a long streak
 * keeps earning.
 */
export function streakBonusesAt(threshold: number, length: number): StreakBonus[] {
  const tier = STREAK_BONUSES.filter((b) => b.steps === threshold);
  if (tier.length === 0 || length <= 0) return [];
  const cycle = Math.max(...tier.map((b) => b.days));
  const position = ((length - 1) % cycle) + 1;
  return tier.filter((b) => b.days === position);
}

/** Every streak bonus earned on `date` across the tiers. */
export function streakBonusesOn(stepsOn: (date: string) => number, date: string): StreakBonus[] {
  const thresholds = [...new Set(STREAK_BONUSES.map((b) => b.steps))];
  return thresholds.flatMap((t) => streakBonusesAt(t, streakEndingOn(stepsOn, date, t)));
}

/** Types that add points; everything else takes them away (specification 3 section 3). */
export const CREDIT_POINT_TYPES: readonly PointTransactionType[] = ["earned", "milestone", "bonus", "refund"];
