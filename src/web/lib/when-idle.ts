/**
 * Runs `work` once the page has a moment to spare after its first screen, and at the latest
 * `timeoutMs` later: for start-up work the first screen does not show (the step tracker, the
 * badge check), which would otherwise lengthen the task that puts the page on screen. Returns a
 * cancel, for an effect's cleanup. Browsers without requestIdleCallback (Safari) wait a moment.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
