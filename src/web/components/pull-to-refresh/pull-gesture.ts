import {
  PULL_TO_REFRESH_MIN_TRAVEL_PX,
  PULL_TO_REFRESH_RESISTANCE,
  PULL_TO_REFRESH_THRESHOLD_PX,
} from "../../../core/constants";

/** A pull starts only this close to the top of the page. */
export const PULL_START_MAX_SCROLL_PX = 5;

/** Whether a touch may start a pull: the page is (about) at its top. */
export function canStartPull(scrollY: number): boolean {
  return scrollY <= PULL_START_MAX_SCROLL_PX;
}

/**
 * How far the indicator moves for a finger's downward travel: nothing until the travel passes
 * 20 px, then 0.4 of it (specification 2 section 9), never more than twice the threshold.
 */
export function pullDistance(travelPx: number): number {
  if (travelPx <= PULL_TO_REFRESH_MIN_TRAVEL_PX) return 0;
  return Math.min(travelPx * PULL_TO_REFRESH_RESISTANCE, PULL_TO_REFRESH_THRESHOLD_PX * 2);
}

/** Releasing at this distance or beyond refreshes. */
export function shouldRefresh(distancePx: number): boolean {
  return distancePx >= PULL_TO_REFRESH_THRESHOLD_PX;
}
