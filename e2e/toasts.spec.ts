import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";

/**
 * Issue 32 item 10: a toast on a phone shows under the header, never over its controls (menu,
 * wallet, notifications, account), which stay in reach while it shows.
 */
test("a toast on a phone leaves the header's controls uncovered and in reach", async ({ page }) => {
  await becomeActiveMember(page);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Profile Updated" });
  await expect(toast).toBeVisible();

  const header = page.locator("header").first();
  const headerBox = await header.boundingBox();
  const toastBox = await toast.boundingBox();
  if (!headerBox || !toastBox) throw new Error("header or toast not laid out");
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);

  // Every header control takes a tap while the toast shows (Playwright checks what would receive it).
  const controls = header.locator("button:visible, a[href]:visible");
  expect(await controls.count()).toBeGreaterThanOrEqual(4);
  for (const control of await controls.all()) await control.click({ trial: true, timeout: 2_000 });
  await header.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
