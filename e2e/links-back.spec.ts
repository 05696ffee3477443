import { addCrowd } from "./support/account-age";
import { adminPhone, callApi, card, createCompetition, suffix } from "./support/competitions";
import { becomeActiveMember, payCheckout } from "./support/member";
import { serverURL } from "./support/servers";
import { expect, test } from "./support/test";
import { newVisitor, payWithCard } from "./support/users";

// Issue 24, items 4 and 5: links that come back, and full standings.

test("a member opens /wallet signed out, signs in and lands on /wallet", async ({ page }) => {
  test.setTimeout(120_000);
  const member = await becomeActiveMember(page);
  await page.goto("/api/logout");
  await expect(page.getByRole("link", { name: /Start Competing Now/i }).first()).toBeVisible();

  await page.goto("/wallet?tab=history");
  await expect(page).toHaveURL(/\/login\?next=%2Fwallet%3Ftab%3Dhistory$/);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/wallet\?tab=history$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();

  // A next that leads off the site is not followed: home instead.
  await page.goto("/api/logout");
  await page.goto("/login?next=%2F%2Fevil.example%2Fwallet");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page.getByText(`Welcome, ${member.firstName}!`)).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).host).toBe(new URL(serverURL(test.info())).host);
});

test("a visitor opens a competition invite, sees its preview, signs up, subscribes and lands back on it; Add FitCoins comes back too", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPhone(browser, testInfo);
  const competition = await createCompetition(admin, {
    name: `Invite Preview ${suffix()}`,
    entryFee: 5,
    startInMinutes: 24 * 60,
  });
  const invite = `/competitions/join/${competition.inviteCode}`;

  // Signed out: the public preview, before any sign-in.
  await page.goto(invite);
  await expect(page.getByText(competition.name, { exact: true })).toBeVisible();
  const details = page.getByRole("definition").filter({ hasText: "5.00 FC" });
  await expect(details.first()).toBeVisible();
  await expect(page.getByTestId("places-left")).toHaveText("No limit");
  await page.screenshot({ path: testInfo.outputPath("invite-preview.png") });

  await page.getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fcompetitions%2Fjoin%2F/);
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
  // The rules screen offers Sign Out.
  await expect(page.getByRole("link", { name: "Sign Out" })).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to the Invite" }).click();

  // Back on the invite, now as a member: the competition's card with Join.
  await expect(page).toHaveURL(new RegExp(`${invite}$`), { timeout: 15_000 });
  const theCard = card(page, competition.name);
  await theCard.getByRole("button", { name: `Join ${competition.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Competition Guidelines" });
  await expect(dialog.getByRole("button", { name: "Insufficient FitCoins" })).toBeDisabled();
  await dialog.getByRole("link", { name: "Add FitCoins" }).click();

  // The wallet knows what the join needs and the way back (issue 32 item 1): paying the prefilled
  // amount adds the FitCoins and returns to the invite with its join dialog open.
  await expect(page).toHaveURL(/\/wallet\?need=5\.00&returnTo=%2Fcompetitions%2Fjoin%2F/);
  const offer = page.getByRole("region", { name: "Add FitCoins to join" });
  await offer.getByRole("button", { name: "Pay $5.89 and add 5.00 FitCoins" }).click();
  await expect(page).toHaveURL(/\/checkout\?client_secret=.*returnTo=/);
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`${invite}\\?join=${competition.id}$`), { timeout: 15_000 });

  // 5.00 FC after the fee: enough to join now, in the dialog already open.
  await page.getByRole("dialog", { name: "Competition Guidelines" }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Join Competition" }).click();
  await expect(page.getByText("Competition Joined!", { exact: true })).toBeVisible();
});

test("a competition's full standings are paged, and the member jumps to their own highlighted row", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminPhone(browser, testInfo);
  const competition = await createCompetition(admin, {
    name: `Big Board ${suffix()}`,
    entryFee: null,
    startInMinutes: 60,
  });
  const member = await becomeActiveMember(page);
  const joined = await callApi(page, "POST", `/api/competitions/${competition.id}/join`, {});
  expect(joined.status).toBe(200);
  // 120 walkers ahead of the member's 0 steps: the member is 121st, on page 3 of 3.
  await addCrowd(competition.id, 120, 100, 10);

  await page.goto("/competitions");
  // Joining a first competition unlocks a badge: its celebration comes first.
  await page.getByRole("button", { name: "Awesome!" }).click();
  await card(page, competition.name)
    .getByRole("link", { name: `${competition.name} full standings` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/competitions/${competition.id}/standings$`));
  const board = page.getByRole("list", { name: `${competition.name} standings` });
  await expect(board.getByRole("listitem")).toHaveCount(50);
  await expect(board.getByRole("listitem").first()).toContainText("1,300");
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(page.getByTestId("my-place")).toHaveText("#121");

  await page.getByRole("button", { name: "Jump to my place" }).click();
  await expect(page).toHaveURL(/\?page=3$/);
  const mine = board.locator('[aria-current="true"]');
  await expect(mine).toContainText(`${member.firstName} ${member.lastName}`);
  await expect(mine).toContainText("(You)");
  await expect(mine).toBeInViewport();
  await expect(board.getByRole("listitem")).toHaveCount(21);
  await page.screenshot({ path: testInfo.outputPath("standings-mine.png") });

  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(board.getByRole("listitem").first()).toContainText("51");
  await expect(board.locator('[aria-current="true"]')).toHaveCount(0);
});
