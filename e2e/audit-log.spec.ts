import { E2E_ADMIN, signInAsAdmin } from "./support/admin";
import { newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, test } from "./support/test";
import { newVisitor } from "./support/users";

test("an admin grants FitCoins with a reason and finds it in the audit log; members are refused", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = await newPhone(browser, testInfo);
  const sam = await becomeActiveMember(phone, { ...newVisitor(), firstName: "Sam", lastName: "Audit" });
  // A member opening the audit log sees Access Denied.
  await openPastCelebration(phone, "/admin/audit-log");
  await expect(phone.getByText("Access Denied", { exact: false }).first()).toBeVisible();
  await phone.context().close();

  await signInAsAdmin(page);
  await openPastCelebration(page, "/admin");
  await page.getByLabel("Username, email or name").fill(sam.username);
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("button", { name: new RegExp(sam.username) })
    .click();
  await page.getByLabel("Amount (FitCoins)").fill("12");
  const reason = "Make-good for the step counter outage";
  await page.getByLabel("Reason", { exact: true }).fill(reason);
  await page.getByRole("button", { name: "Add FitCoins" }).click();
  await expect(page.getByText("FitCoins Added", { exact: true })).toBeVisible();

  // From the Admin Tools card to the log: the grant is the newest entry, with its reason.
  await page.getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  const newest = page.getByTestId("audit-entry").first();
  await expect(newest).toContainText("Granted FitCoins");
  await expect(newest).toContainText(`Reason: ${reason}`);
  await expect(newest).toContainText("12");
  await expect(newest.getByRole("link", { name: `@${E2E_ADMIN.username}` })).toBeVisible();
  await expect(newest.getByRole("link", { name: `@${sam.username}` })).toHaveAttribute(
    "href",
    /\/admin\/users\/\d+$/,
  );

  // Filtered by the member's username: only what was done to them.
  await page.getByLabel("Member", { exact: true }).fill(sam.username.toUpperCase());
  await expect(page.getByTestId("audit-entry")).toHaveCount(1);
  await expect(page.getByTestId("audit-entry")).toContainText("Granted FitCoins");
  // An action nobody took on them: nothing matches.
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Deleted a member" });
  await expect(page.getByText("No admin actions match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByTestId("audit-entry").first()).toContainText("Granted FitCoins");
});
