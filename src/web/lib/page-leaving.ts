// A page being left can still hear back from the reads it sent. Signing out is the case that
// matters: the browser asks /api/logout, the server ends the session, and a read the old page
// sent a moment before is answered 401. Sending the browser to /login then would cancel the
// navigation the member started (they meant to land on the home page, signed out). So once the
// page is being left (`beforeunload`), a redirect waits: if the page is still here after
// LEAVING_GRACE_MS (the navigation was a download, a 204, or failed), it happens then. The grace
// is long enough for a slow phone's sign-out round trips; it costs only a page whose navigation
// did not happen. A page restored from the back/forward cache drops the redirects it was holding:
// it is a page again, and the next rejected read sends it on at once.

export const LEAVING_GRACE_MS = 10_000;
let leftAt = Number.NEGATIVE_INFINITY;
const held = new Set<number>();

/** Notes when a navigation away from this page starts. Called once by the entry. */
export function watchPageLeaving(): void {
  window.addEventListener("beforeunload", () => {
    leftAt = performance.now();
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    leftAt = Number.NEGATIVE_INFINITY;
    for (const timer of held) window.clearTimeout(timer);
    held.clear();
  });
}

/** Runs `navigate` now, or, while the page is being left, once the grace has passed and it is still here. */
export function navigateUnlessLeaving(navigate: () => void): void {
  const since = performance.now() - leftAt;
  if (since >= LEAVING_GRACE_MS) {
    navigate();
    return;
  }
  const timer = window.setTimeout(() => {
    held.delete(timer);
    navigate();
  }, LEAVING_GRACE_MS - since);
  held.add(timer);
}
