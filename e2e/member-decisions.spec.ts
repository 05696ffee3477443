import { seriousViolations } from "./support/axe";
import { adminPhone, callApi, createCompetition, grantFitcoins, newPhone } from "./support/competitions";
import { newestMailMatching, verifyEmailFromInbox } from "./support/mailed-links";
import { becomeActiveMember } from "./support/member";
import { activateOffer, openPastCelebration } from "./support/rewards";
import { expect, test } from "./support/test";
import { newVisitor, signIn, type Visitor } from "./support/users";

/** Issue 32 item 2: nothing is decided for the member without asking. */

/** Screenshots for the reviewer, phone and laptop, when SCREENSHOTS names a folder. */
async function shoot(page: import("@playwright/test").Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-laptop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** "Jun 3, 2026, 9:00 AM EDT": an instant as the profile's zone (New York here) writes it. */
const NEW_YORK_INSTANT = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[DS]T/;

async function setProfileZone(page: import("@playwright/test").Page, v: Visitor, timeZone: string) {
  const res = await callApi(page, "PATCH", "/api/user/profile", {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    timeZone,
  });
  expect(res.status).toBe(200);
}

test("Cancel Subscription asks first, saying until when the membership stays active in the profile's zone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const v = await becomeActiveMember(page);
  // The profile says New York, whatever zone the phone is in.
  await setProfileZone(page, v, "America/New_York");
  await openPastCelebration(page, "/profile");
  await expect(page.getByText(new RegExp(`^Renews on ${NEW_YORK_INSTANT.source}\\.$`))).toBeVisible();

  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(dialog).toContainText("Cancellation takes effect at the end of the billing period.");
  await expect(dialog).toContainText(
    new RegExp(`Your membership stays active until ${NEW_YORK_INSTANT.source}, with no further charge\\.`),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "cancel-dialog");

  // Keeping it changes nothing.
  await dialog.getByRole("button", { name: "Keep Subscription" }).click();
  await expect(dialog).toBeHidden();
  expect(
    (await callApi<{ subscriptionStatus: string }>(page, "GET", "/api/auth/user")).body.subscriptionStatus,
  ).toBe("active");
  await expect(page.getByText(new RegExp(`^Renews on ${NEW_YORK_INSTANT.source}\\.$`))).toBeVisible();

  // Confirmed, it cancels at the period's end, and says until when.
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Subscription Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("Cancels at the end of the billing period")).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Access until ${NEW_YORK_INSTANT.source}; no further charge\\.$`)),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate Subscription" })).toBeVisible();
  await shoot(page, "cancelled");
  // Confirmed by email too, in the profile's zone, with the way back.
  const mail = await newestMailMatching(v.email, /Your StepRace membership will not renew/);
  expect(mail).toMatch(
    new RegExp(`It stays active until ${NEW_YORK_INSTANT.source}, and you will not be charged again\\.`),
  );
  expect(mail).toContain("Reactivate it under Subscription in your profile");
});

test("Delete Account shows what is lost, offers to redeem first, and asks for the password", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const v = await becomeActiveMember(page);
  const admin = await adminPhone(browser, testInfo);
  await grantFitcoins(admin, page, 40);
  const competition = await createCompetition(admin, {
    name: `Lunch Dash ${Date.now().toString(36)}`,
    entryFee: 10,
    startInMinutes: 90,
  });
  // This month's Gift Card of the Month: its smaller card takes 50 FitCoins (the default tiers).
  await activateOffer(admin, `Deletion Brand ${Date.now().toString(36)}`);
  const joined = await callApi(page, "POST", `/api/competitions/${competition.id}/join`, {
    deviceFingerprint: await page.evaluate(() => localStorage.getItem("deviceFingerprint")),
  });
  expect(joined.status).toBe(200);

  await openPastCelebration(page, "/profile");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const balances = dialog.getByTestId("delete-account-balances");
  await expect(balances).toContainText("You still hold:");
  await expect(balances).toContainText("Wallet balance: $0.00");
  await expect(balances).toContainText("FitCoins: 30.00 FC");
  await expect(balances).toContainText("Points: 0");
  await expect(balances).toContainText("These balances are lost and are not refunded.");
  await expect(dialog.getByTestId("delete-account-entries")).toContainText(
    `${competition.name}. Not started: the 10.00 FC you paid in comes back to your FitCoins, and is lost with them.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "delete-dialog");

  // 30 FitCoins buy no gift card: no link to a redeem page with nothing to take, but why not.
  await expect(balances).toContainText(
    "Your FitCoins are too few to redeem: the smallest gift card takes 50.00 FC.",
  );
  await expect(dialog.getByRole("link", { name: /^Redeem/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // With 70 FitCoins a card is within reach, but gift cards go only to a verified address.
  await grantFitcoins(admin, page, 40);
  await admin.context().close();
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(balances).toContainText("FitCoins: 70.00 FC");
  await expect(balances).not.toContainText("too few");
  await expect(balances).toContainText("To redeem them, verify your email first");
  await expect(dialog.getByRole("link", { name: /^Redeem/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Verified: Redeem first closes the dialog and opens the redeem page.
  await verifyEmailFromInbox(page, v.email);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(balances).toContainText("FitCoins: 70.00 FC");
  await expect(balances).not.toContainText("verify your email");
  await dialog.getByRole("link", { name: "Redeem FitCoins first" }).click();
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(dialog).toBeHidden();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByTestId("delete-account-balances")).toContainText("FitCoins: 70.00 FC");
  // Without the password, or with a wrong one, nothing is deleted.
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByText("Enter your password to delete your account.")).toBeVisible();
  await dialog.getByLabel("Your password").fill(`${v.password}x`);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByText(/^That is not your current password\./)).toBeVisible();
  expect((await callApi(page, "GET", "/api/auth/user")).status).toBe(200);

  await dialog.getByLabel("Your password").fill(v.password);
  const loggedOut = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/logout");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByText("Account Deleted", { exact: true }).first()).toBeVisible();
  await loggedOut;
  await expect(page).toHaveURL((url) => url.pathname === "/" || url.pathname === "/login");
  // Confirmed to the address the account had.
  const mail = await newestMailMatching(v.email, /Your StepRace account was deleted/);
  expect(mail).toContain("as you asked. You were signed out on every device");
});

test("a banned member's open page says they are suspended and how to reach support; lifting the ban renews again", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const member = await newPhone(browser, testInfo);
  const v = await becomeActiveMember(member, { ...newVisitor(), firstName: "Sam", lastName: "Suspended" });
  const me = await callApi<{ id: number }>(member, "GET", "/api/auth/user");
  // The wallet refreshes itself: the page is left open.
  await member.goto("/wallet");
  await expect(member.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();

  const admin = await adminPhone(browser, testInfo);
  await openPastCelebration(admin, `/admin/users/${me.body.id}`);
  await expect(admin.getByRole("heading", { name: `@${v.username}`, level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "Ban Member" }).click();
  const dialog = admin.getByRole("dialog");
  // The dialog says what happens to the membership before the admin confirms.
  await expect(dialog.getByTestId("ban-membership")).toHaveText(
    /^Their membership stops renewing: it stays paid until .+, with no further charge\. Lifting the ban before then turns renewal back on\.$/,
  );
  await expect(dialog).toContainText("They are told by email, with this reason and the support address.");
  await dialog.getByLabel("Reason (shown to the member)").fill("Fake step counts");
  expect(await seriousViolations(admin)).toEqual([]);
  await shoot(admin, "ban-dialog");
  await dialog.getByRole("button", { name: "Ban Member" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    admin.getByText(/^The ban stopped their membership renewing\. Lifting it before /),
  ).toBeVisible();
  await shoot(admin, "member-banned");

  // The member's open page, without a reload, says why and where to write.
  await expect(member).toHaveURL(/\/suspended$/, { timeout: 20_000 });
  await expect(member.getByRole("heading", { name: "Your account is suspended" })).toBeVisible();
  await expect(member.getByTestId("suspended-reason")).toHaveText(
    "This account is suspended: Fake step counts. Contact support.",
  );
  await expect(member.getByTestId("support-email")).toHaveAttribute("href", /^mailto:.+@.+/);
  expect(await seriousViolations(member)).toEqual([]);
  await shoot(member, "suspended");
  // Any page opened again says the same.
  await member.goto("/competitions");
  await expect(member.getByTestId("suspended-reason")).toHaveText(
    "This account is suspended: Fake step counts. Contact support.",
  );
  const told = await newestMailMatching(v.email, /Subject: Your StepRace account is suspended/);
  expect(told).toContain("Reason: Fake step counts");
  expect(told).toContain("Your membership will not renew");

  // Lifted: renewal comes back, the member is told, and signs in to a renewing membership.
  await admin.getByRole("button", { name: "Lift Ban" }).click();
  await expect(admin.getByText(/their membership renews again on/).first()).toBeVisible();
  const back = await newestMailMatching(v.email, /Subject: Your StepRace account is active again/);
  expect(back).toContain("Your membership renews again");
  await member.getByRole("link", { name: "Sign in with another account" }).click();
  await expect(member).toHaveURL(/\/login$/);
  await signIn(member, v.username, v.password);
  await openPastCelebration(member, "/profile");
  await expect(member.getByText(/^Renews on /)).toBeVisible();
  await member.context().close();
  await admin.context().close();
});
