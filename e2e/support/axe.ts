import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The page's serious and critical accessibility violations (axe-core, WCAG 2.x A and AA), as
 * readable lines: rule, impact and the first elements it names.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/**
 * Opens each path, waits for its one main heading (every page has an h1) and its data, and
 * expects no serious or critical violation on any of them (all pages are checked before failing).
 */
export async function expectAccessible(page: Page, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const h1 = page.locator("h1");
    await expect(h1.first(), `${path} has an h1`).toBeVisible({ timeout: 15_000 });
    // Let loading skeletons settle into the page's content: no request in flight, and no list
    // still marked busy (a page fetching more says so with aria-busy), so axe scans what a
    // member reads rather than a page half drawn.
    await page.waitForLoadState("networkidle");
    await expect(page.locator('[aria-busy="true"]'), `${path} has settled`).toHaveCount(0, {
      timeout: 15_000,
    });
    for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
  }
  expect(found, `at ${page.viewportSize()?.width}px`).toEqual([]);
}
