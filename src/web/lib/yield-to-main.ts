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
