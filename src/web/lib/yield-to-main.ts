/**
 * Resolves in a task of its own, so that what follows runs after the browser had the main thread
 * back (to paint, to answer a tap). `scheduler.yield()` where the browser has it (its continuation
 * runs before other queued work), a message to ourselves elsewhere (no 4 ms timer clamp).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The longest `afterNextPaint` waits for a frame (one the browser skips, a page going hidden). */
const FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has painted the next frame (a task after its animation frame), so that
 * what follows does not stand between a commit and its paint. A hidden page paints no frames: there
 * it resolves after a plain yield, and never later than FRAME_WAIT_MS.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== "function" || document.visibilityState !== "visible") {
    return yieldToMain();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      void yieldToMain().then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}
