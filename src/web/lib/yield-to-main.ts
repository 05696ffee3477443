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

/**
 * Resolves once the browser has painted the next frame (a task after its animation frame), so that
 * what follows does not stand between a commit and its paint. A hidden page paints no frames: there
 * it resolves after a plain yield, or as soon as the page is hidden while it waits.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== "function" || document.visibilityState !== "visible") {
    return yieldToMain();
  }
  return new Promise((resolve) => {
    const hidden = () => {
      if (document.visibilityState !== "visible") done();
    };
    const done = () => {
      document.removeEventListener("visibilitychange", hidden);
      resolve();
    };
    document.addEventListener("visibilitychange", hidden);
    requestAnimationFrame(() => {
      void yieldToMain().then(done);
    });
  });
}
