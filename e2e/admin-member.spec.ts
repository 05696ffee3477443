import { adminPhone, newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, test } from "./support/test";
import { newVisitor } from "./support/users";

/** Issue 22: an admin finds a member, opens their page, bans them and lifts the ban. */
test("an admin looks a member up, bans them (signed out at once, sign-in refused) and lifts the ban", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const member = await newPhone(browser, testInfo);
  const v = await becomeActiveMember(member, { ...newVisitor(), firstName: "Bea", lastName: "Banme" });

  const admin = await adminPhone(browser, testInfo);
  await openPastCelebration(admin, "/admin");
  // Found by last name; the result opens the member's page.
  await admin.getByLabel("Username, email or name").fill("Banme");
  const results = admin.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("button", { name: new RegExp(v.username) })).toBeVisible();
  await results.getByRole("link", { name: `Open @${v.username}` }).click();
  await expect(admin.getByRole("heading", { name: `@${v.username}`, level: 1 })).toBeVisible();
  await expect(admin.getByText(v.email)).toBeVisible();
  await expect(admin.getByText("Monthly, $6.99")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Balances" })).toContainText("$0.00");
  const sessions = admin.getByRole("list", { name: "Active Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(admin.getByRole("list", { name: "Transactions" })).toContainText("StepRace membership");

  // The ban needs a reason.
  await admin.getByRole("button", { name: "Ban Member" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("button", { name: "Ban Member" }).click();
  await expect(dialog.getByText("A reason is required")).toBeVisible();
  await dialog.getByLabel("Reason (shown to the member)").fill("Fake step counts");
  await dialog.getByRole("button", { name: "Ban Member" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByText("Reason: Fake step counts")).toBeVisible();
  await expect(sessions).toHaveCount(0);
  await expect(admin.getByText("No active sessions.")).toBeVisible();
  await expect(admin.getByRole("list", { name: "Admin Actions" })).toContainText(
    "Banned a member by @e2eadmin",
  );

  // The member's open page says they are suspended on its next request (issue 32); sign-in says why.
  await member.reload();
  await expect(member).toHaveURL(/\/suspended$/, { timeout: 15_000 });
  await expect(member.getByTestId("suspended-reason")).toHaveText(
    "This account is suspended: Fake step counts. Contact support.",
  );
  await member.getByRole("link", { name: "Sign in with another account" }).click();
  await expect(member).toHaveURL(/\/login$/);
  await member.getByLabel("Username").fill(v.username);
  await member.getByLabel("Password", { exact: true }).fill(v.password);
  await member.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(
    member.getByText("This account is suspended: Fake step counts. Contact support.", { exact: true }),
  ).toBeVisible();
  await expect(member).toHaveURL(/\/login$/);

  // Lifted: the member signs in again.
  await admin.getByRole("button", { name: "Lift Ban" }).click();
  await expect(admin.getByText("Reason: Fake step counts")).toHaveCount(0);
  await expect(admin.getByRole("list", { name: "Admin Actions" })).toContainText(
    "Unbanned a member by @e2eadmin",
  );
  await member.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(member.getByText(new RegExp(`^Welcome(?: back)?, ${v.firstName}!$`))).toBeVisible({
    timeout: 15_000,
  });
  await member.context().close();
  await admin.context().close();
});
