/**
 * Resolves once the page's HTML is parsed and its stylesheets have loaded (or failed): the app's
 * entry runs as soon as it arrives (an async module, so its requests leave early), and the app
 * renders only into a parsed page, styled, as a deferred script would have.
 */
export function documentStyled(doc: Document = document): Promise<void> {
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
    await Promise.all(
      pending.map(
        (link) =>
          new Promise<void>((resolve) => {
            link.addEventListener("load", () => resolve(), { once: true });
            link.addEventListener("error", () => resolve(), { once: true });
          }),
      ),
    );
  });
}
