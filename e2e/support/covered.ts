import { expect, type Page } from "@playwright/test";

/**
 * Issue 25 item 5: what a fixed (or sticky) element covers of the page's text and controls.
 *
 * A bar (a fixed or sticky element as wide as the screen, on its top or bottom edge) frames the
 * page: content scrolled under it is out of view, not covered, so a bar only counts at the scroll
 * position where nothing may be under it (the top bar at the top of the page, the bottom bar at the
 * end). Any other fixed element (the floating plus, badges, toasts, banners) floats over the frame
 * and may overlap nothing the member can see there, at any scroll position.
 */
export interface Covered {
  fixed: string;
  content: string;
}

export async function coveredContent(page: Page, at: "top" | "middle" | "end"): Promise<Covered[]> {
  return page.evaluate((at) => {
    const nameOf = (el: Element) => {
      const label = el.getAttribute("aria-label") ?? el.getAttribute("data-testid") ?? "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${label ? ` ${label}` : ""}> ${text}`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== "hidden" && Number(style.opacity) > 0 && box.width > 1 && box.height > 1;
    };
    const all = [...document.body.querySelectorAll("*")];
    const positioned = all.filter((el) => {
      const position = getComputedStyle(el).position;
      return (position === "fixed" || position === "sticky") && shown(el);
    });
    // The outermost ones; an empty one (a toast list with no toast) paints nothing.
    const fixed = positioned.filter(
      (el) =>
        !positioned.some((other) => other !== el && other.contains(el)) &&
        (el.childElementCount > 0 || (el.textContent ?? "").trim() !== ""),
    );
    const width = window.innerWidth;
    const height = window.innerHeight;
    const isBar = (box: DOMRect) => box.width >= width - 1 && (box.top <= 1 || box.bottom >= height - 1);
    // The frame: the screen less the bars.
    let frameTop = 0;
    let frameBottom = height;
    for (const el of fixed) {
      const box = el.getBoundingClientRect();
      if (!isBar(box)) continue;
      if (box.top <= 1) frameTop = Math.max(frameTop, box.bottom);
      else frameBottom = Math.min(frameBottom, box.top);
    }
    const controls =
      "a[href],button,input,select,textarea,summary,label,[role=button],[role=link],[tabindex]";
    const hasText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
    const content = all.filter(
      (el) =>
        !positioned.some((f) => f.contains(el)) &&
        !el.closest("[aria-hidden=true],.sr-only") &&
        (el.matches(controls) || hasText(el)) &&
        shown(el),
    );
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const found: { fixed: string; content: string }[] = [];
    for (const f of fixed) {
      const box = f.getBoundingClientRect();
      const bar = isBar(box);
      if (bar && !((box.top <= 1 && at === "top") || (box.bottom >= height - 1 && at === "end"))) continue;
      for (const el of content) {
        const inner = el.getBoundingClientRect();
        // A floating element is judged against what shows in the frame, a bar against everything.
        const inFrame = inner.bottom > frameTop + 1 && inner.top < frameBottom - 1;
        if ((bar || inFrame) && overlap(box, inner)) found.push({ fixed: nameOf(f), content: nameOf(el) });
      }
    }
    return found;
  }, at);
}

/** Scrolls to the top, half way or the end of the page as it is now, and lets it settle. */
export async function scrollTo(page: Page, at: "top" | "middle" | "end"): Promise<void> {
  await page.evaluate((at) => {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    const top = at === "top" ? 0 : at === "middle" ? Math.round(end / 2) : end;
    window.scrollTo({ top, behavior: "instant" });
  }, at);
  // Lets scroll listeners and transitions settle before the boxes are read.
  await page.waitForTimeout(400);
}

/**
 * Toasts are news of the moment, over the top of the screen for 5 s: the member closes them (or
 * they go) before reading on. The page is judged without them.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Close notification" });
  for (let i = await close.count(); i > 0; i--) await close.first().click();
  await expect(close).toHaveCount(0);
}

/**
 * At rest, half way and at the end of the page, no fixed element covers text or a control; at the
 * end the page's last control takes a click (Playwright checks nothing else would receive it).
 */
export async function expectNothingCovered(page: Page, name: string, shot?: string): Promise<void> {
  await closeToasts(page);
  for (const at of ["top", "middle", "end"] as const) {
    await scrollTo(page, at);
    if (shot && at !== "middle") await page.screenshot({ path: `${shot}-${at}.png` });
    expect(await coveredContent(page, at), `${name} (${at}): text or controls under a fixed element`).toEqual(
      [],
    );
  }
  const controls = page.locator("main").locator("button:not([disabled]):visible, a[href]:visible");
  const last = controls.last();
  if ((await controls.count()) > 0) await last.click({ trial: true, timeout: 5_000 });
}
