import { newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";
import { signIn } from "./support/users";

/** Issue 30, items 1 and 3: a member sees where they are signed in, signs a device out, changes the password. */
test("a member signs their laptop out from the phone, then changes the password, and every other device is signed out", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const v = await becomeActiveMember(page);
  // The same member on a laptop and on a tablet.
  const laptop = await newPhone(browser, testInfo, {
    viewport: { width: 1280, height: 800 },
    isMobile: false,
  });
  await signIn(laptop, v.username, v.password);
  const tablet = await newPhone(browser, testInfo);
  await signIn(tablet, v.username, v.password);

  await page.goto("/profile");
  const sessions = page.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toContainText("active now");

  // Sign out the newest other session (the tablet) from here.
  await sessions
    .getByRole("button", { name: /^Sign out / })
    .first()
    .click();
  await expect(page.getByText("Signed out on that device", { exact: true })).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await tablet.reload();
  await expect(tablet).toHaveURL(/\/login/, { timeout: 15_000 });

  // Change Password: a wrong current one is said under its field, and nothing changes.
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toContainText("Passwords are used exactly as typed");
  await dialog.getByLabel("Current Password").fill(`${v.password}-wrong`);
  await dialog.getByLabel("New Password", { exact: true }).fill("walk the long way 7");
  await dialog.getByLabel("Confirm New Password").fill("walk the long way 7");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByText("That is not your current password.", { exact: false })).toBeVisible();

  await dialog.getByLabel("Current Password").fill(v.password);
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("Password changed. You were signed out on 1 other device.", { exact: true }),
  ).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  // The laptop is signed out; the new password, spaces and all, signs it in again.
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/login/, { timeout: 15_000 });
  await signIn(laptop, v.username, "walk the long way 7");
});
