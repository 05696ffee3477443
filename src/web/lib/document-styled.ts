/**
 * How long the app waits for a stylesheet still loading. A sheet whose load failed before the
 * wait began fires no event any more (and keeps no mark of it): past this, the app renders anyway,
 * unstyled rather than never, as a deferred script did once the sheet had failed.
 */
export const STYLESHEET_WAIT_MS = 5_000;

/**
 * Resolves once the page's HTML is parsed and its stylesheets have loaded (or failed, or
 * STYLESHEET_WAIT_MS have passed): the app's entry runs as soon as it arrives (an async module, so
 * its requests leave early), and the app renders only into a parsed page, styled, as a deferred
 * script would have.
 */
export function documentStyled(doc: Document = document, waitMs = STYLESHEET_WAIT_MS): Promise<void> {
  const parsed =
    doc.readyState === "loading"
      ? new Promise<void>((resolve) =>
          doc.addEventListener("DOMContentLoaded", () => resolve(), { once: true }),
        )
      : Promise.resolve();
  return parsed.then(async () => {
    const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
      (link) => link.sheet === null,
    );
    if (pending.length === 0) return;
    const loaded = Promise.all(
      pending.map(
        (link) =>
          new Promise<void>((resolve) => {
            link.addEventListener("load", () => resolve(), { once: true });
            link.addEventListener("error", () => resolve(), { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  });
}
