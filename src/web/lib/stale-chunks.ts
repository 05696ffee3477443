const RELOADED_AT = "staleChunkReloadAt";
const RELOAD_COOLDOWN_MS = 30_000;

/**
 * A tab opened before a new release asks for code files the release replaced: Vite reports the
 * failed import as `vite:preloadError`. Reloading picks up the new release; at most once per
 * 30 s, so a file that is really missing cannot loop the page, and never offline, where a reload
 * would only lose the page.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (!navigator.onLine) return;
    try {
      if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_COOLDOWN_MS) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      return; // without storage a reload could not know it already tried: no loop risked
    }
    event.preventDefault();
    window.location.reload();
  });
}
