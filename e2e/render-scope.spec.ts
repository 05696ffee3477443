import type { Request } from "@playwright/test";
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

/** The longest a step of the journey may take in real time, however slow the machine. */
const REAL_LIMIT_MS = 30_000;

/**
 * A request in flight longer than this no longer holds the page's clock: one whose end the browser
 * never reports (or a slow answer) does not stop the page's time for good.
 */
const REQUEST_HOLDS_CLOCK_MS = 2_000;

/**
 * The page's clock, paused, run by the test: 16 ms at a time, and not while one of the page's
 * requests (but `held`) is in flight, up to REQUEST_HOLDS_CLOCK_MS, so that the page's time passes
 * as the test says and not while it waits for the network, however slow the machine.
 */
function pageClock(page: Page, held: string) {
  const inFlight = new Map<Request, { path: string; since: number }>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path !== held) inFlight.set(request, { path, since: Date.now() });
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  const waiting = () =>
    [...inFlight.values()].filter(({ since }) => Date.now() - since < REQUEST_HOLDS_CLOCK_MS);
  /** Runs the page's time until `done` or `limitMs` of it have passed; answers how much passed, or null if done. */
  const run = async (done: () => Promise<boolean>, limitMs: number): Promise<number | null> => {
    const deadline = Date.now() + REAL_LIMIT_MS;
    for (let elapsed = 0; !(await done()); ) {
      if (elapsed >= limitMs || Date.now() > deadline) return elapsed;
      if (waiting().length === 0) {
        await page.clock.runFor(16);
        elapsed += 16;
      }
      await page.waitForTimeout(20);
    }
    return null;
  };
  return {
    /** Runs the page's time until `done`; fails past `limitMs` of it (or REAL_LIMIT_MS of real time). */
    async runUntil(done: () => Promise<boolean>, limitMs: number, what: () => string = () => "") {
      const passed = await run(done, limitMs);
      if (passed !== null) {
        const open = [...inFlight.values()].map(({ path }) => path).join(" ");
        throw new Error(`not done after ${passed} ms of the page's time (in flight: ${open}) ${what()}`);
      }
    },
    /** Lets `ms` of the page's time pass. */
    async pass(ms: number) {
      await run(async () => false, ms);
    },
  };
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
  // A read of the first view is held: the first screen cannot settle before its cap, which the test
  // reaches when it chooses.
  const heldRead = "/api/step-sources";
  let releaseRead = () => {};
  const readHeld = new Promise<void>((resolve) => {
    releaseRead = resolve;
  });
  await page.route(`**${heldRead}`, async (route) => {
    await readHeld;
    await route.continue();
  });
  const clock = pageClock(page, heldRead);
  const asked = new Set<string>();
  page.on("request", (request) => asked.add(new URL(request.url()).pathname));
  const answered = new Set<string>();
  page.on("response", (response) => answered.add(new URL(response.url()).pathname));
  await page.goto("/");
  const firstLine = page.getByText(MOTIVATIONAL_LINES[0]);
  const compete = page.getByRole("heading", { name: "Ready to compete?" });
  const chart = page.getByText("No steps in the last 7 days yet.");
  await clock.runUntil(
    async () =>
      (await firstLine.isVisible()) &&
      (await compete.isVisible()) &&
      (await chart.isVisible()) &&
      // The reads whose answers render more than one part (today's steps, if it is asked, renders one).
      ["/api/dashboard/stats", "/api/competitions"].every((path) => answered.has(path)),
    FIRST_SCREEN_WAIT_MS - 500,
    () => [...answered].filter((path) => path.startsWith("/api/")).join(" "),
  );
  // The first screen has not settled: the layout's own reads wait for it (lib/first-screen.ts).
  expect(asked.has("/api/admin/check")).toBe(false);

  // It settles (at its cap: a read is held). The moment, and the layout's reads' answers,
  // re-render the bell and the menus, not the layout.
  let since = (await reactCommits(page)).length;
  await page.clock.runFor(FIRST_SCREEN_WAIT_MS);
  await clock.runUntil(
    async () => answered.has("/api/admin/check") && answered.has("/api/notifications/unread-count"),
    2_000,
  );
  await clock.pass(500);
  const settling = await commitsSince(page, since);
  expect(settling.length, "the settling rendered").toBeGreaterThan(0);
  expect(Math.max(...settling), `components in each commit: ${settling.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );

  releaseRead();
  await clock.runUntil(async () => answered.has(heldRead), 1_000);

  // The summary's line turns: it re-renders the card, not the dashboard.
  since = (await reactCommits(page)).length;
  await page.clock.runFor(QUOTE_ROTATION_MS);
  const nextLine = page.getByText(MOTIVATIONAL_LINES[1]);
  await clock.runUntil(() => nextLine.isVisible(), 1_000);
  const turned = await commitsSince(page, since);
  expect(turned.length).toBeGreaterThan(0);
  expect(Math.max(...turned), `components in each commit: ${turned.join(", ")}`).toBeLessThanOrEqual(
    ONE_PART,
  );
});
