import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/** At the page's end the floating plus sits below the last of the page's content, text included. */
async function expectContentClearAtEnd(page: Page) {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  const plus = page.getByRole("link", { name: "Join a competition" });
  await expect(plus).toBeVisible();
  const gap = await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    const contentBottom =
      main.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(main).paddingBottom);
    const plusTop = (
      document.querySelector('[data-testid="floating-plus"]') as HTMLElement
    ).getBoundingClientRect().top;
    return plusTop - contentBottom;
  });
  expect(gap, "space between the page's last content and the floating plus").toBeGreaterThanOrEqual(8);
}

/** Issue 14: nothing fixed may cover content the member needs, the floating plus included. */
test("the floating plus steps aside while the member scrolls down, and returns on the way up and at the end", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await becomeActiveMember(page);
  await expect(page.getByTestId("step-tracking")).toBeVisible();
  const plus = page.getByRole("link", { name: "Join a competition" });
  await expect(plus).toBeVisible();

  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable, "the dashboard scrolls on a phone").toBeGreaterThan(300);

  // Reading down the page: out of the way (and out of the tab order).
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 250);
  await expect(plus).toBeHidden();
  // Still in the page, but invisible: out of the accessibility tree and the tab order.
  expect(await page.getByTestId("floating-plus").evaluate((el) => getComputedStyle(el).visibility)).toBe(
    "hidden",
  );

  // Back up a little: there again, and it still leads to the competitions.
  await page.mouse.wheel(0, -120);
  await expect(plus).toBeVisible();

  // At the end of the page it shows, and the page's bottom padding keeps every control clear of it.
  await page.mouse.wheel(0, scrollable + 500);
  await expect
    .poll(() =>
      page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2),
    )
    .toBe(true);
  await expect(plus).toBeVisible();
  const plusBox = await plus.boundingBox();
  if (!plusBox) throw new Error("no layout box");
  const controls = page.locator("main").getByRole("button").or(page.locator("main").getByRole("link"));
  const count = await controls.count();
  for (let i = 0; i < count; i++) {
    const box = await controls.nth(i).boundingBox();
    if (!box || box.width === 0) continue;
    const overlaps =
      box.x < plusBox.x + plusBox.width &&
      plusBox.x < box.x + box.width &&
      box.y < plusBox.y + plusBox.height &&
      plusBox.y < box.y + box.height;
    expect(overlaps, `control ${i} under the floating plus at the page's end`).toBe(false);
  }
  await expectContentClearAtEnd(page);
  // The same on a page whose last lines are plain text (the leaderboard's last row).
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectContentClearAtEnd(page);
  await page.goto("/dashboard");

  await plus.click();
  await expect(page).toHaveURL(/\/competitions$/);
});
