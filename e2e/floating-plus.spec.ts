import { closeToasts, coveredContent, scrollTo } from "./support/covered";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";

/**
 * Issue 25 item 5: the floating plus sits inside the bottom bar, so it shows at every scroll
 * position and covers nothing of the page; it leads to the competitions, where it is not offered.
 */
test("the floating plus stays in the bottom bar at every scroll position, covering nothing, and leads to the competitions", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await becomeActiveMember(page);
  await expect(page.getByTestId("step-tracking")).toBeVisible();
  const bar = page.getByRole("navigation", { name: "Main" });
  const plus = bar.getByRole("link", { name: "Join a competition" });
  await expect(plus).toBeVisible();
  await closeToasts(page);

  // The dashboard's lower parts arrive after its first view: the page is measured once they are
  // in (its height the same twice over), and each position is where the page is then (the end
  // measured before them was half way down once they came, with the page's content under the bar).
  const scrollHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  await expect
    .poll(async () => {
      const before = await scrollHeight();
      await page.waitForTimeout(300);
      return (await scrollHeight()) === before;
    })
    .toBe(true);
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable, "the dashboard scrolls on a phone").toBeGreaterThan(300);
  const barBox = await bar.boundingBox();
  if (!barBox) throw new Error("no layout box");

  for (const at of ["top", "middle", "end"] as const) {
    await scrollTo(page, at);
    await expect(plus).toBeVisible();
    const box = await plus.boundingBox();
    if (!box) throw new Error("no layout box");
    // Within the bar's height: nothing of the page is ever under it.
    expect(box.y, `plus inside the bar (${at})`).toBeGreaterThanOrEqual(barBox.y);
    expect(box.y + box.height, `plus inside the bar (${at})`).toBeLessThanOrEqual(
      barBox.y + barBox.height + 0.5,
    );
    expect(await coveredContent(page, at), `nothing covered (${at})`).toEqual([]);
  }

  await plus.click();
  await expect(page).toHaveURL(/\/competitions$/);
  await expect(page.getByTestId("floating-plus")).toHaveCount(0);
  // The bar's items stay where they were.
  const compete = bar.getByRole("link", { name: "Compete" });
  await expect(compete).toHaveAttribute("aria-current", "page");
});
