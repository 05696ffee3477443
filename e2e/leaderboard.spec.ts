import { seriousViolations } from "./support/axe";
import { newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor } from "./support/users";
import { syncStepsNow } from "./support/walk";

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
  const leaderPage = await newPhone(browser, testInfo);
  await becomeActiveMember(leaderPage, { ...newVisitor(), firstName: "Robin", lastName: `Leader${suffix}` });
  await syncStepsNow(leaderPage, 6200);

  await becomeActiveMember(page, { ...newVisitor(), firstName: "Sky", lastName: `Follower${suffix}` });
  // The second batch is small: a sync may hold no more than 4 steps a second since the last one.
  await syncStepsNow(page, 2380);
  await syncStepsNow(page, 20);

  // The synced steps unlocked First Steps: its celebration opens on load and is closed first.
  await openPastCelebration(page, "/leaderboard");
  await expect(page.getByRole("heading", { name: "Leaderboard", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /^This week \(Mon, \w{3} \d{1,2} – Sun, \w{3} \d{1,2}\)$/ }),
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
  // Issue 25: the highlighted own row (here second place) reads as well as the others.
  expect(await seriousViolations(page)).toEqual([]);

  // The leader sees the same order with their own row marked.
  await openPastCelebration(leaderPage, "/leaderboard");
  const fromLeader = board(leaderPage).getByRole("listitem");
  await expect(fromLeader.filter({ hasText: leader })).toHaveAttribute("aria-current", "true");
  await expect(fromLeader.filter({ hasText: follower })).not.toHaveAttribute("aria-current", "true");
  expect(await rowIndex(leaderPage, leader)).toBeLessThan(await rowIndex(leaderPage, follower));
  expect(await seriousViolations(leaderPage)).toEqual([]);
  await leaderPage.context().close();
});
