/**
 * Step plausibility (DESIGN 1): nobody walks faster than 4 steps a second for long, so a sync may
 * hold at most 4 steps per second of the time the server can vouch for, plus a small allowance for
 * the steps a tracker counts around the sync itself. That time is the shortest of: since the
 * previous accepted sync, since the account was created (so a first sync is checked too), and the
 * window the batch declares (its first step to its last).
 */
export const MAX_CADENCE_STEPS_PER_SECOND = 4;
export const PLAUSIBILITY_ALLOWANCE_STEPS = 30;
/** Refusals within this window that flag the account for an admin's review. */
export const REFUSALS_BEFORE_FLAG = 3;
export const REFUSAL_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The most steps a sync recorded at `at` may hold, given the previous accepted sync's time
 * (null: this is the member's first sync, limited only by the per-sync maximum).
 */
export function allowedSteps(previous: Date | null, at: Date): number | null {
  if (!previous) return null;
  const elapsedMs = Math.max(0, at.getTime() - previous.getTime());
  return Math.floor((elapsedMs / 1000) * MAX_CADENCE_STEPS_PER_SECOND) + PLAUSIBILITY_ALLOWANCE_STEPS;
}

/**
 * What a sync recorded at `at` may carry under the member's budget, as step_sync decides it
 * (migration 0022): the allowance left from earlier syncs (at most 30) plus 4 steps a second
 * since the time counted to. Small syncs at one instant share one allowance.
 */
export function budgetAllows(leftSteps: number, countedTo: Date, at: Date): number {
  const elapsedMs = Math.max(0, at.getTime() - countedTo.getTime());
  return leftSteps + Math.floor((elapsedMs / 1000) * MAX_CADENCE_STEPS_PER_SECOND);
}
