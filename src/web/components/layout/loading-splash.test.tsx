import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SPINNER_AFTER_MS } from "../ui/spinner";
import { LoadingSplash, PageSpinner } from "./loading-splash";

/** The splash's spinner element, as rendered when the page has been starting for `sinceStartMs`. */
function splashSpinnerAt(sinceStartMs: number) {
  vi.spyOn(performance, "now").mockReturnValue(sinceStartMs);
  const html = renderToStaticMarkup(<LoadingSplash />);
  const spinner = html.match(/<span aria-hidden="true" class="([^"]*)"(?: style="([^"]*)")?>/);
  if (!spinner) throw new Error(`no spinner in ${html}`);
  return { html, className: spinner[1], style: spinner[2] ?? "" };
}

afterEach(() => vi.restoreAllMocks());

describe("the loading splash's spinner", () => {
  it("shows only once the app has been starting for a second, counted from the page's start", () => {
    const early = splashSpinnerAt(300);
    expect(early.className).toContain("spinner-later");
    expect(early.className).not.toContain("animate-spin");
    expect(early.style).toBe(`--spinner-after:${SPINNER_AFTER_MS - 300}ms`);
    // Still a status for screen readers meanwhile.
    expect(early.html).toContain('role="status"');
    expect(early.html).toContain("Loading StepRace");
  });

  it("turns at once when the start has already taken longer", () => {
    const late = splashSpinnerAt(SPINNER_AFTER_MS + 500);
    expect(late.className).toContain("animate-spin");
    expect(late.style).toBe("");
  });

  it("keeps a screen's in-page spinner immediate: the member has just tapped", () => {
    expect(renderToStaticMarkup(<PageSpinner />)).toContain("animate-spin");
  });

  it("matches the page's own splash (index.html), which waits the same second before its spinner", () => {
    const page = readFileSync("index.html", "utf8");
    const rule = page.match(/#boot-splash span \{[^}]*\}/)?.[0] ?? "";
    expect(rule).toContain("opacity: 0");
    expect(rule).toContain(`boot-appear 0.2s linear ${SPINNER_AFTER_MS / 1000}s forwards`);
    expect(rule).toContain(`boot-spin 1s linear ${SPINNER_AFTER_MS / 1000}s infinite`);
  });
});
