import { nextAdIndex } from "../../../core/rules/ads";

/**
 * The ad slot's rotation (specification 3 section 4): which ad shows, the 'n of m' counter, and
 * when a view is counted: for the first ad shown and each time the shown ad changes.
 */

/** The index shown for a rotation position; a list that shrank wraps it back in. -1 when empty. */
export function shownIndex(position: number, count: number): number {
  if (count <= 0) return -1;
  return ((position % count) + count) % count;
}

/** The position after the next tick: the following ad, wrapping to the first. */
export function advance(position: number, count: number): number {
  return nextAdIndex(shownIndex(position, count), count);
}

/** 'n of m' when the slot rotates more than one ad, else null. */
export function rotationCounter(position: number, count: number): string | null {
  if (count <= 1) return null;
  return `${shownIndex(position, count) + 1} of ${count}`;
}

/**
 * Decides which shown ads count as a view: one whose id differs from the last one counted. Kept
 * for the slot's life, so an effect run twice for one render (StrictMode) counts it once.
 */
export class AdViewCounter {
  private lastId: number | null = null;

  /** Call with the ad now on screen; true when its view should be recorded. */
  shown(id: number | null | undefined): boolean {
    if (id === null || id === undefined || id === this.lastId) return false;
    this.lastId = id;
    return true;
  }
}

/** Cards before a list's 'between-content' slot: after the second, or the first of two; null with fewer. */
export function betweenContentIndex(cards: number, after = 2): number | null {
  if (cards < 2) return null;
  return Math.min(after, cards - 1);
}
