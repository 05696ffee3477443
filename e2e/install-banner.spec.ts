import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/** Fires Chromium's install offer as the browser would, with a prompt that the member declines. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: "dismissed" as const }),
    });
    window.dispatchEvent(event);
  });
}

test("the install banner sits in the page's flow for members, shifts nothing they read and covers none of the tracking card's buttons", async ({
  page,
}) => {
  // A new member without steps: no badge celebration opens over the dashboard.
  await becomeActiveMember(page);
  const tracking = page.getByTestId("step-tracking");
  await expect(tracking).toBeVisible();
  const before = await tracking.boundingBox();
  // The browser offers the install while the member reads the dashboard: nothing moves under them.
  await offerInstall(page);
  const banner = page.getByRole("region", { name: "Install app" });
  await page.waitForTimeout(1_000);
  await expect(banner).toBeHidden();
  expect((await tracking.boundingBox())?.y).toBe(before?.y);

  // The next page they open starts with it, and so does the dashboard again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compete" }).click();
  await expect(page).toHaveURL(/\/competitions$/);
  await expect(banner).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(tracking).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("button", { name: "Install", exact: true })).toBeVisible();
  // In the flow of the page, above its content: nothing fixed on top of the member's page.
  expect(await banner.evaluate((el) => getComputedStyle(el.parentElement as Element).position)).not.toBe(
    "fixed",
  );
  expect(await banner.evaluate((el) => el.closest("main") !== null)).toBe(true);

  // No button of the tracking card shares any pixel with the banner.
  const bannerBox = await banner.boundingBox();
  const buttons = page.getByTestId("step-tracking").getByRole("button");
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await buttons.nth(i).boundingBox();
    if (!box || !bannerBox) throw new Error("no layout box");
    const overlaps =
      box.x < bannerBox.x + bannerBox.width &&
      bannerBox.x < box.x + box.width &&
      box.y < bannerBox.y + bannerBox.height &&
      bannerBox.y < box.y + box.height;
    expect(overlaps, `button ${i} under the banner`).toBe(false);
  }

  // Dismissed, it is gone for good.
  await banner.getByRole("button", { name: "Dismiss install banner" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await offerInstall(page);
  await expect(page.getByRole("region", { name: "Install app" })).toBeHidden();
});

test("on the landing page the install banner floats above the bottom edge", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await offerInstall(page);
  const banner = page.getByRole("region", { name: "Install app" });
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((el) => getComputedStyle(el.parentElement as Element).position)).toBe("fixed");

  // The page gets room below its end, so its last lines scroll clear of the banner. (Scrolled to
  // the end again while the page settles: its height changes as its sections and the room arrive.)
  const lastLine = page.getByText("All rights reserved.");
  await expect
    .poll(
      async () => {
        await page.evaluate(() =>
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
        );
        const line = await lastLine.boundingBox();
        const box = await banner.boundingBox();
        return line && box ? box.y - (line.y + line.height) : Number.NEGATIVE_INFINITY;
      },
      { message: "space between the page's last line and the banner" },
    )
    .toBeGreaterThanOrEqual(0);
});
