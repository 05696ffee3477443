/**
 * When the celebration asks the server for new badges: at once on load and on arriving at the
 * dashboard or the Badges page; after data refreshes (step syncs, the dashboard's stats) at most
 * once a minute, the last of a burst still asked when its minute is up.
 */

export type CheckReason = "load" | "route" | "refresh";

/** A refresh-driven check waits this long after the previous check. */
export const REFRESH_CHECK_GAP_MS = 60_000;
/** Checks asked for this close together (load and the first route change) are one check. */
export const DUPLICATE_CHECK_MS = 2_000;

/** Paths whose arrival asks for a check. */
export const CHECK_PATHS: readonly string[] = ["/", "/dashboard", "/achievements"];

/**
 * How long to wait before checking: 0 now, a positive delay for a deferred check, null when the
 * check just made covers it.
 */
export function checkDelay(reason: CheckReason, now: number, lastCheckAt: number | null): number | null {
  if (lastCheckAt === null) return 0;
  const since = now - lastCheckAt;
  if (reason === "refresh") return since >= REFRESH_CHECK_GAP_MS ? 0 : REFRESH_CHECK_GAP_MS - since;
  return since < DUPLICATE_CHECK_MS ? null : 0;
}
