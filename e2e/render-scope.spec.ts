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

/**
 * Lets the page's clock (paused) run 16 ms at a time until `done`, with a real pause between the
 * steps for the network's answers: the page's time passes only as the test says, however slow the
 * machine. Fails past `limitMs` of the page's time.
 */
async function runUntil(page: Page, done: () => Promise<boolean>, limitMs: number, what?: () => string) {
  for (let elapsed = 0; !(await done()); elapsed += 16) {
    if (elapsed >= limitMs)
      throw new Error(`not done within ${limitMs} ms of the page's time${what ? `: ${what()}` : ""}`);
    await page.clock.runFor(16);
    await page.waitForTimeout(30);
  }
}

/** The components of each commit after the first `since`. */
async function commitsSince(page: Page, since: number) {
  return (await reactCommits(page)).slice(since);
}

test("what changes on a member's page re-renders that part, not the page or the layout", async ({ page }) => {
  test.setTimeout(120_000);
  await becomeActiveMember(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await recordReactCommits(page);
  // The chart's read is held: the first screen settles at its cap, when the test says.
  let releaseHistory = () => {};
  const historyHeld = new Promise<void>((resolve) => {
    releaseHistory = resolve;
  });
  await page.route("**/api/steps/history*", async (route) => {
    await historyHeld;
    await route.continue();
  });
  const asked = new Set<string>();
  page.on("request", (request) => asked.add(new URL(request.url()).pathname));
  const answered = new Set<string>();
  page.on("response", (response) => answered.add(new URL(response.url()).pathname));
  await page.goto("/");
  const firstLine = page.getByText(MOTIVATIONAL_LINES[0]);
  const compete = page.getByRole("heading", { name: "Ready to compete?" });
  await runUntil(
    page,
    async () =>
      (await firstLine.isVisible()) &&
      (await compete.isVisible()) &&
      // The page's reads but the held one (the ad's waits for an idle moment) have answered.
      ["/api/dashboard/stats", "/api/steps/today", "/api/step-sources", "/api/competitions"].every((path) =>
        answered.has(path),
      ),
    FIRST_SCREEN_WAIT_MS - 500,
    () => [...answered].join(" "),
  );
  await page.clock.runFor(200);
  // The first screen has not settled: the layout's own reads wait for it (lib/first-screen.ts).
  expect(asked.has("/api/admin/check")).toBe(false);

  // It settles (at its cap: the chart's read is held). The moment, and the layout's reads'
  // answers, re-render the bell and the menus, not the layout.
  let since = (await reactCommits(page)).length;
  await page.clock.runFor(FIRST_SCREEN_WAIT_MS);
  await runUntil(
    page,
    async () => answered.has("/api/admin/check") && answered.has("/api/notifications/unread-count"),
    2_000,
  );
  await page.clock.runFor(500);
  const settling = await commitsSince(page, since);
  expect(settling.length, "the settling rendered").toBeGreaterThan(0);
  expect(Math.max(...settling), `components in each commit: ${settling.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );

  releaseHistory();
  const chartAnswered = page.getByText("No steps in the last 7 days yet.");
  await runUntil(page, () => chartAnswered.isVisible(), 2_000);

  // The summary's line turns: it re-renders the card, not the dashboard.
  since = (await reactCommits(page)).length;
  await page.clock.runFor(QUOTE_ROTATION_MS);
  const nextLine = page.getByText(MOTIVATIONAL_LINES[1]);
  await runUntil(page, () => nextLine.isVisible(), 1_000);
  const turned = await commitsSince(page, since);
  expect(turned.length).toBeGreaterThan(0);
  expect(Math.max(...turned), `components in each commit: ${turned.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );
});
