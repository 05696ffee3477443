import { SUBSCRIPTION_PRICE_LABEL } from "../src/core/constants";
import { startRound } from "./support/account-age";
import { adminPhone, callApi, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";
import { newVisitor, payWithCard } from "./support/users";

/** A group with a round starting in two days (a week long), made by a member by API. */
async function groupWithRound(page: Page, name: string): Promise<{ id: number; inviteCode: string }> {
  const start = new Date(Date.now() + 2 * 24 * 3600_000);
  const created = await callApi<{ id: number; inviteCode: string }>(page, "POST", "/api/groups", {
    name,
    description: "Lunchtime laps around the park.",
    hasScheduledCompetition: true,
    competitionStartDate: start.toISOString().slice(0, 10),
    competitionStartTime: "09:00",
    competitionDuration: 7,
    poolEntryPrice: "15",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

test("a group invite opened signed out says what the group is now and what joining costs; Sign up keeps the invite and ends on it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = `Park Lappers ${suffix()}`;
  const admin = await adminPhone(browser, testInfo);
  const ownerPhone = await newPhone(browser, testInfo);
  await becomeActiveMember(ownerPhone);
  await grantFitcoins(admin, ownerPhone, 40);
  const group = await groupWithRound(ownerPhone, name);
  const invite = `/join/${group.inviteCode}`;

  // Signed out: the round has not started, and the invite says so, with its dates, the entry
  // price, the members, the pool and the membership joining needs. No button pretends otherwise.
  await page.goto(invite);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("round-status")).toHaveText("Not started");
  await expect(page.getByTestId("round-dates")).toContainText(" to ");
  await expect(page.getByTestId("invite-info-entry")).toHaveText("15.00 FC");
  await expect(page.getByTestId("invite-members")).toHaveText("1");
  await expect(page.getByTestId("invite-pool")).toHaveText("15.00 FC");
  await expect(page.getByTestId("membership-note")).toContainText(`${SUBSCRIPTION_PRICE_LABEL} a month`);
  await expect(page.getByText("Active Competition")).toHaveCount(0);
  await expect(page.getByTestId("invite-kept")).toHaveText("Either way, you will come back to this invite.");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(invite)}`,
  );
  await page.screenshot({ path: testInfo.outputPath("invite-signed-out.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("invite-signed-out-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // Sign up (not Sign in): register, subscribe, accept the rules, and land back on the invite.
  await page.getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fjoin%2F/);
  const v = newVisitor();
  await page.getByLabel("First Name").fill(v.firstName);
  await page.getByLabel("Last Name").fill(v.lastName);
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Email").fill(v.email);
  await page.getByLabel("Password", { exact: true }).fill(v.password);
  await page.getByLabel("Confirm Password").fill(v.password);
  await page.getByRole("button", { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/subscription-activated$/, { timeout: 15_000 });
  await page.getByRole("link", { name: "Accept Community Rules" }).click();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to the Invite" }).click();

  await expect(page).toHaveURL(new RegExp(`${invite}$`), { timeout: 15_000 });
  const joinCard = page.getByRole("region", { name: `Join ${name}` });
  await expect(joinCard).toBeVisible();
  await expect(joinCard.getByTestId("round-status")).toHaveText("Not started");
  await expect(joinCard.getByTestId("invite-pool")).toHaveText("15.00 FC");
  await expect(joinCard.getByTestId("invite-entry-price")).toHaveText("15.00 FC");
  // A new member holds no FitCoins yet: Join is there, and says why it cannot be pressed.
  await expect(joinCard.getByRole("button", { name: "Join Group" })).toBeDisabled();
  await expect(joinCard.getByText("Insufficient Balance")).toBeVisible();
});

test("a group whose round's entries have closed offers no Join, signed out or in", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `Closed Door ${suffix()}`;
  const admin = await adminPhone(browser, testInfo);
  const ownerPhone = await newPhone(browser, testInfo);
  await becomeActiveMember(ownerPhone);
  await grantFitcoins(admin, ownerPhone, 40);
  const group = await groupWithRound(ownerPhone, name);
  // The round started an hour ago; its entries closed at the start.
  await startRound(group.id);
  const invite = `/join/${group.inviteCode}`;

  await page.goto(invite);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("round-status")).toHaveText("Entries closed");
  await expect(page.getByText("Entries for this round have closed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /join/i })).toHaveCount(0);

  // A member with FitCoins enough: the card says the same, and has no Join either.
  const memberPhone = await newPhone(browser, testInfo);
  await becomeActiveMember(memberPhone);
  await grantFitcoins(admin, memberPhone, 30);
  await memberPhone.goto(invite);
  const joinCard = memberPhone.getByRole("region", { name: `Join ${name}` });
  await expect(joinCard.getByTestId("round-status")).toHaveText("Entries closed");
  await expect(joinCard.getByText("Entries for this round have closed.")).toBeVisible();
  await expect(joinCard.getByRole("button", { name: "Join Group" })).toHaveCount(0);
  await expect(joinCard.getByRole("button", { name: "Cancel" })).toBeVisible();
  await memberPhone.screenshot({ path: testInfo.outputPath("invite-entries-closed.png"), fullPage: true });
});
