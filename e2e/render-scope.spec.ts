import { QUOTE_ROTATION_MS } from "../src/core/constants";
import { MOTIVATIONAL_LINES } from "../src/web/features/dashboard/rotating-text";
import { FIRST_SCREEN_WAIT_MS } from "../src/web/lib/first-screen";
import { becomeActiveMember } from "./support/member";
import { reactCommits, recordReactCommits } from "./support/react-commits";
import { expect, type Page, test } from "./support/test";

/**
 * On a phone each render is one task the member may be tapping into. The most components a change
 * to one part of a screen may render: the part, not the page (the phone dashboard is about 70) or
 * the layout around it (its headers and bottom bar, about 40).
 */
const ONE_PART = 20;

/** The components of each commit since the first `since` commits. */
async function commitsSince(page: Page, since: number) {
  return (await reactCommits(page)).slice(since);
}

test("what changes on a member's page re-renders that part, not the page or the layout", async ({ page }) => {
  test.setTimeout(90_000);
  await becomeActiveMember(page);
  await page.clock.install();
  await recordReactCommits(page);
  // The chart's read is held, so the first screen settles at its cap, when the test says.
  let releaseHistory = () => {};
  const historyHeld = new Promise<void>((resolve) => {
    releaseHistory = resolve;
  });
  await page.route("**/api/steps/history*", async (route) => {
    await historyHeld;
    await route.continue();
  });
  const todayAnswered = page.waitForResponse((r) => r.url().endsWith("/api/steps/today"));
  await page.goto("/");
  await expect(page.getByText(MOTIVATIONAL_LINES[0])).toBeVisible();
  await todayAnswered;
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  await page.waitForTimeout(500);

  // The first screen settles: the layout's own reads go (lib/first-screen.ts). The moment, and
  // their answers, re-render the bell and the menus, not the layout.
  let since = (await reactCommits(page)).length;
  const layoutReads = Promise.all(
    ["/api/admin/check", "/api/notifications/unread-count"].map((path) =>
      page.waitForResponse((r) => r.url().endsWith(path)),
    ),
  );
  await page.clock.fastForward(FIRST_SCREEN_WAIT_MS);
  await layoutReads;
  await page.waitForTimeout(500);
  const settling = await commitsSince(page, since);
  expect(settling.length, "the settling rendered").toBeGreaterThan(0);
  expect(Math.max(...settling), `components in each commit: ${settling.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );

  releaseHistory();
  await expect(page.getByText("No steps in the last 7 days yet.")).toBeVisible();

  // The summary's line turns: it re-renders the card, not the dashboard.
  since = (await reactCommits(page)).length;
  await page.clock.fastForward(QUOTE_ROTATION_MS);
  await expect(page.getByText(MOTIVATIONAL_LINES[1])).toBeVisible();
  const turned = await commitsSince(page, since);
  expect(turned.length).toBeGreaterThan(0);
  expect(Math.max(...turned), `components in each commit: ${turned.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );
});
