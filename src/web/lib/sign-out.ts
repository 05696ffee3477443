import type { MouseEvent } from "react";

/** Work that must finish before the session ends (the step tracker flushes what was walked). */
const hooks = new Set<() => Promise<void>>();
const SIGN_OUT_WAIT_MS = 3000;

export function beforeSignOut(hook: () => Promise<void>): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * Click handler for a Sign Out link (a full-page navigation to /api/logout): runs the hooks
 * first, waiting at most 3 s so that signing out never hangs on the network.
 */
export function signOutClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (hooks.size === 0) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  const waited = new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS));
  void Promise.race([Promise.allSettled([...hooks].map((hook) => hook())), waited]).then(() =>
    window.location.assign(href),
  );
}
