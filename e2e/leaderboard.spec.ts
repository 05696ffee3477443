import { type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { openPastCelebration } from "./support/rewards";
import { newVisitor, payWithCard, register, type Visitor } from "./support/users";

/** A fully active member with a name of their own, the way support/member.ts walks onboarding. */
async function activeMember(page: Page, firstName: string, lastName: string): Promise<Visitor> {
  const v = { ...newVisitor(), firstName, lastName };
  await register(page, v);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/subscription-activated$/, { timeout: 15_000 });
  await page.getByRole("link", { name: "Accept Community Rules" }).click();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to Dashboard" }).click();
  await expect(page.getByText(`Welcome, ${firstName}!`)).toBeVisible({ timeout: 10_000 });
  return v;
}

/**
 * POST /api/steps from the member's browser: their session cookie and the device fingerprint the
 * session was created with (the app keeps it in localStorage), as the tracker sends a batch.
 */
async function syncSteps(page: Page, steps: number) {
  const status = await page.evaluate(async (count) => {
    const response = await fetch("/api/steps", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Device-Fingerprint": localStorage.getItem("deviceFingerprint") ?? "",
      },
      body: JSON.stringify({
        steps: count,
        timestamp: new Date().toISOString(),
        batchId: crypto.randomUUID(),
      }),
    });
    return response.status;
  }, steps);
  expect(status).toBe(200);
}

function board(page: Page) {
  return page.getByRole("list", { name: /^This week \(/ });
}

/** The place of each named member's row in the list, top first. */
async function rowIndex(page: Page, name: string): Promise<number> {
  const names = await board(page).getByRole("listitem").allTextContents();
  return names.findIndex((text) => text.includes(name));
}

test("two members sync steps and the leaderboard ranks them, the viewer's own row highlighted", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const leader = `Robin Leader${suffix}`;
  const follower = `Sky Follower${suffix}`;

  // The leader walks on another phone.
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const options: BrowserContextOptions = {
    baseURL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  };
  const leaderContext = await browser.newContext(options);
  const leaderPage = await leaderContext.newPage();
  await activeMember(leaderPage, "Robin", `Leader${suffix}`);
  await syncSteps(leaderPage, 6200);

  await activeMember(page, "Sky", `Follower${suffix}`);
  // The second batch is small: a sync may hold no more than 4 steps a second since the last one.
  await syncSteps(page, 2380);
  await syncSteps(page, 20);

  // The synced steps unlocked First Steps: its celebration opens on load and is closed first.
  await openPastCelebration(page, "/leaderboard");
  await expect(page.getByRole("heading", { name: "Leaderboard", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /^This week \(Mon \d{1,2} \w{3} – Sun \d{1,2} \w{3}\)$/ }),
  ).toBeVisible();

  const leaderRow = board(page).getByRole("listitem").filter({ hasText: leader });
  const ownRow = board(page).getByRole("listitem").filter({ hasText: follower });
  await expect(leaderRow).toContainText("6,200");
  await expect(ownRow).toContainText("2,400");
  expect(await rowIndex(page, leader)).toBeLessThan(await rowIndex(page, follower));

  // The viewer's own row, and only theirs, is marked.
  await expect(ownRow).toHaveAttribute("aria-current", "true");
  await expect(ownRow).toContainText("You");
  await expect(leaderRow).not.toHaveAttribute("aria-current", "true");
  await expect(board(page).locator("[aria-current]")).toHaveCount(1);

  // The viewer's week: their steps and the member just above.
  await expect(page.getByTestId("my-steps")).toHaveText("2,400");
  await expect(page.getByText(`3,801 more steps to pass ${leader}.`)).toBeVisible();

  // The leader sees the same order with their own row marked.
  await openPastCelebration(leaderPage, "/leaderboard");
  const fromLeader = board(leaderPage).getByRole("listitem");
  await expect(fromLeader.filter({ hasText: leader })).toHaveAttribute("aria-current", "true");
  await expect(fromLeader.filter({ hasText: follower })).not.toHaveAttribute("aria-current", "true");
  expect(await rowIndex(leaderPage, leader)).toBeLessThan(await rowIndex(leaderPage, follower));
  await leaderContext.close();
});
