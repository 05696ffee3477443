import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPINNER_AFTER_MS } from "../ui/spinner";

/**
 * React's splash as rendered `sinceStartMs` after the page's start, with the page's own splash on
 * the page (its spinner's animations started at `bootStartedAt`, or not started: null) or gone
 * (undefined): its markup, and the moment its spinner counts from. A fresh module each time: the
 * splash remembers when the page's splash began.
 */
async function splashAt(sinceStartMs: number, bootStartedAt?: number | null) {
  vi.resetModules();
  vi.spyOn(performance, "now").mockReturnValue(sinceStartMs);
  const bootSpinner = { getAnimations: () => [{ startTime: bootStartedAt }, { startTime: bootStartedAt }] };
  vi.stubGlobal("document", {
    querySelector: (selector: string) =>
      selector === "#boot-splash span" && bootStartedAt !== undefined ? bootSpinner : null,
  });
  const { LoadingSplash, pageSplashStart } = await import("./loading-splash");
  const html = renderToStaticMarkup(<LoadingSplash />);
  const spinner = html.match(/<span aria-hidden="true" class="([^"]*)"(?: style="([^"]*)")?>/);
  if (!spinner) throw new Error(`no spinner in ${html}`);
  return { html, className: spinner[1], style: spinner[2] ?? "", countsFrom: pageSplashStart() };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the loading splash's spinner", () => {
  it("shows only once the page's splash has been showing for a second, counted from when it began", async () => {
    // The page's splash began counting at 400 ms (its first frame); React renders at 700 ms.
    const early = await splashAt(700, 400);
    expect(early.className).toContain("spinner-later");
    expect(early.className).not.toContain("animate-spin");
    expect(early.style).toBe(`--spinner-after:${SPINNER_AFTER_MS}ms`);
    expect(early.countsFrom).toBe(400);
    // Still a status for screen readers meanwhile.
    expect(early.html).toContain('role="status"');
    expect(early.html).toContain("Loading StepRace");
  });

  it("carries on the page's spinner where it is when that one is already showing, instead of starting again", async () => {
    // Began at 200 ms, so showing (and turning) since 1,200 ms; React renders at 1,900 ms.
    expect((await splashAt(1_900, 200)).countsFrom).toBe(200);
  });

  it("counts from now when the page's splash has not drawn its first frame yet", async () => {
    expect((await splashAt(150, null)).countsFrom).toBe(150);
  });

  it("counts from the page's start when there is no page splash (shown later in the app's life)", async () => {
    const later = await splashAt(5_000);
    expect(later.countsFrom).toBe(0);
    expect(later.className).toContain("spinner-later");
  });

  it("keeps a screen's in-page spinner immediate: the member has just tapped", async () => {
    const { PageSpinner } = await import("./loading-splash");
    const html = renderToStaticMarkup(<PageSpinner />);
    expect(html).toContain("animate-spin");
    expect(html).not.toContain("spinner-later");
  });

  it("has the styles it names: the page's splash waits the same second, and .spinner-later waits --spinner-after", () => {
    const page = readFileSync("index.html", "utf8");
    const rule = page.match(/#boot-splash span \{[^}]*\}/)?.[0] ?? "";
    expect(rule).toContain("opacity: 0");
    expect(rule).toContain(`boot-appear 0.2s linear ${SPINNER_AFTER_MS / 1000}s forwards`);
    expect(rule).toContain(`boot-spin 1s linear ${SPINNER_AFTER_MS / 1000}s infinite`);
    const styles = readFileSync("src/web/styles.css", "utf8");
    const later = styles.match(/\.spinner-later \{[^}]*\}/)?.[0] ?? "";
    expect(later).toContain("opacity: 0");
    expect(later).toMatch(/fade-in [^,]*var\(--spinner-after, 0ms\) forwards/);
    expect(later).toMatch(/spinner-turn [^,;]*var\(--spinner-after, 0ms\) infinite/);
    expect(styles).toMatch(/@keyframes spinner-turn/);
  });
});
