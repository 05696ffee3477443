import type { Achievement } from "../../../core/schemas/achievements";

/**
 * The badges the celebration dialog shows. The check call answers a badge until it is marked
 * viewed, so answers that overlap (two checks in flight, a check while the dialog is open or while
 * the viewed calls are on their way) must not show it twice: once closed, a badge is never shown
 * again in this page's life.
 */
export interface CelebrationState {
  /** Shown in the open dialog (empty: closed). */
  shown: Achievement[];
  /** Ids already shown and closed, per member ("userId:achievementId"). */
  closed: ReadonlySet<string>;
}

export const emptyCelebration: CelebrationState = { shown: [], closed: new Set() };

const keyOf = (userId: number, achievementId: string) => `${userId}:${achievementId}`;

/** Adds the answer's badges that are neither shown nor closed; the same state when nothing is new. */
export function receiveUnlocks(
  state: CelebrationState,
  userId: number,
  items: readonly Achievement[],
): CelebrationState {
  const shownIds = new Set(state.shown.map((a) => a.id));
  const fresh = items.filter((a) => {
    if (shownIds.has(a.id) || state.closed.has(keyOf(userId, a.id))) return false;
    shownIds.add(a.id);
    return true;
  });
  return fresh.length === 0 ? state : { ...state, shown: [...state.shown, ...fresh] };
}

/** Closes the dialog: its badges count as closed; answers the ids to mark as viewed. */
export function closeCelebration(
  state: CelebrationState,
  userId: number,
): { state: CelebrationState; toMark: string[] } {
  const closed = new Set(state.closed);
  for (const a of state.shown) closed.add(keyOf(userId, a.id));
  return { state: { shown: [], closed }, toMark: state.shown.map((a) => a.id) };
}
