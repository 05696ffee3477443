const RELOADED_AT = "staleChunkReloadAt";
const RELOAD_COOLDOWN_MS = 30_000;

/** The app's entry script named in a page's HTML: each release names it anew. */
export function entryScriptOf(html: string): string | null {
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Whether the server now serves another release than this page's: its HTML names another entry
 * script. Asked past the service worker's copy of the page (a query it has not stored); a request
 * that fails (the connection, not the release) answers no.
 */
export async function newReleaseServed(current: string | null, fetchPage = fetch): Promise<boolean> {
  if (!current) return false;
  try {
    const response = await fetchPage(`/?release-check=${Date.now()}`, {
      cache: "no-store",
      headers: { Accept: "text/html" },
    });
    if (!response.ok) return false;
    const served = entryScriptOf(await response.text());
    return served !== null && served !== current;
  } catch {
    return false;
  }
}

/**
 * A tab opened before a new release asks for code files the release replaced: Vite reports the
 * failed import as `vite:preloadError`. When the server names another entry script than this
 * page's, a new release is out and reloading picks it up: at most once per 30 s, so a file that is
 * really missing cannot loop the page. A file that failed for the connection (a dropped network,
 * offline) is not a release: the page stays, with what the member typed, and the part that failed
 * says so and tries again (lazy-dialog.tsx, load-boundary.tsx).
 */
export function reloadOnStaleChunks(): void {
  const current =
    document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src") ?? null;
  let checking = false;
  window.addEventListener("vite:preloadError", () => {
    if (!navigator.onLine || checking) return;
    checking = true;
    void newReleaseServed(current).then((released) => {
      checking = false;
      if (!released) return;
      try {
        if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_COOLDOWN_MS) return;
        sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      } catch {
        return; // without storage a reload could not know it already tried: no loop risked
      }
      window.location.reload();
    });
  });
}
