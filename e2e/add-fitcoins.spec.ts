// Issue 32 item 1: a join's "Add FitCoins" ends with the FitCoins the join needs (one deposit and
// its conversion, the amount prefilled from the shortfall), and brings the member back to the same
// join dialog once they hold them. Item 7: each wallet line opens its receipt, with the reference
// the receipt email asks members to quote.

import type { Browser, TestInfo } from "@playwright/test";
import {
  adminPhone,
  type CreatedCompetition,
  callApi,
  card,
  createCompetition,
  grantFitcoins,
  newPhone,
  suffix,
} from "./support/competitions";
import { newestMailMatching } from "./support/mailed-links";
import { becomeActiveMember, payCheckout } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";

const DAY_MINUTES = 24 * 60;

/** Screenshots for the reviewer, phone and laptop, when SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-laptop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Opens the competition's join dialog on the competitions page and follows its Add FitCoins. */
async function addFitcoinsFromJoin(page: Page, competition: CreatedCompetition) {
  await page.goto("/competitions");
  await card(page, competition.name)
    .getByRole("button", { name: `Join ${competition.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Competition Guidelines" });
  await expect(dialog.getByRole("button", { name: "Insufficient FitCoins" })).toBeDisabled();
  await dialog.getByRole("link", { name: "Add FitCoins" }).click();
  // The wallet knows what the join needs and where to come back to.
  await expect(page).toHaveURL(
    new RegExp(
      `/wallet\\?need=12\\.50&returnTo=${encodeURIComponent(`/competitions?join=${competition.id}`)}$`,
    ),
  );
  return page.getByRole("region", { name: "Add FitCoins to join" });
}

/**
 * A paid competition (12.50 FC, in two days), a new member with no FitCoins, and its join dialog's
 * Add FitCoins followed to the wallet's plan.
 */
async function topUpForJoin(page: Page, browser: Browser, testInfo: TestInfo, name: string) {
  const admin = await adminPhone(browser, testInfo);
  const competition = await createCompetition(admin, {
    name: `${name} ${suffix()}`,
    entryFee: 12.5,
    startInMinutes: 2 * DAY_MINUTES,
  });
  const member = await becomeActiveMember(page);
  const offer = await addFitcoinsFromJoin(page, competition);
  return { admin, competition, member, offer };
}

/** Back on the competitions page, the same join dialog open, and the member can join. */
async function joinFromReopenedDialog(page: Page, competition: CreatedCompetition) {
  await expect(page).toHaveURL(new RegExp(`/competitions\\?join=${competition.id}$`), { timeout: 10_000 });
  const dialog = page.getByRole("dialog", { name: "Competition Guidelines" });
  await expect(dialog).toContainText(`Please read these before joining ${competition.name}.`);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await shoot(page, "join-reopened");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Join Competition" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Competition Joined!", { exact: true })).toBeVisible();
  // The request to reopen is spent: a reload does not open the dialog again.
  await expect(page).toHaveURL(/\/competitions$/);
  await expect(page.getByTestId("competitions-fitcoins")).toHaveText("0.00 FC");
}

test("a member with no FitCoins adds what a join needs in one payment and is back in the join, then opens the deposit's receipt", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { admin, competition, member, offer } = await topUpForJoin(page, browser, testInfo, "Top Up");
  await expect(offer).toContainText("You need 12.50 FitCoins and have 0.00.");
  // Prefilled from the shortfall: 12.50 FitCoins need $14.71 at 85%, above the $5 deposit minimum.
  await expect(offer.getByLabel("FitCoins to add")).toHaveValue("12.50");
  const plan = offer.getByRole("definition");
  await expect(offer.getByText("Card payment into your wallet")).toBeVisible();
  await expect(plan.filter({ hasText: "$14.71" }).first()).toBeVisible();
  await expect(plan.filter({ hasText: "-$2.21" })).toBeVisible();
  await shoot(page, "wallet-add-fitcoins");
  await offer.getByRole("button", { name: "Pay $14.71 and add 12.50 FitCoins" }).click();

  await expect(page).toHaveURL(/\/checkout\?client_secret=.+&convert=14\.71/);
  await expect(page.getByText("Add FitCoins", { exact: true })).toBeVisible();
  await shoot(page, "checkout-add-fitcoins");
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page.getByText("FitCoins added!")).toBeVisible({ timeout: 10_000 });
  await joinFromReopenedDialog(page, competition);

  // The wallet (past the First Race badge's celebration): the deposit, its conversion, the entry
  // fee; nothing left over.
  await openPastCelebration(page, "/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("0.00");
  const history = page.getByRole("list", { name: "Transaction History" });
  await expect(history.getByRole("listitem").filter({ hasText: "+12.50 FC" })).toHaveCount(1);

  // Item 7: the deposit's line opens its receipt, which says what the receipt email says.
  await history.getByRole("listitem").filter({ hasText: "+$14.71" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/wallet\/receipts\/\d+$/);
  await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
  await expect(page.getByTestId("receipt-amount")).toHaveText("$14.71");
  await expect(page.getByTestId("receipt-for")).toHaveText("Wallet deposit");
  const reference = (await page.getByTestId("receipt-reference").textContent()) ?? "";
  expect(reference).toMatch(/^pi_/);
  const mail = await newestMailMatching(member.email, new RegExp(`Reference: ${reference}`));
  expect(mail).toContain("Amount: $14.71");
  expect(mail).toContain("For: Wallet deposit");
  expect(mail).toContain(`Date: ${await page.getByTestId("receipt-date").textContent()}`);
  await shoot(page, "receipt-payment");

  // A line inside the app has its own receipt, with its transaction number.
  await page.getByRole("main").getByRole("link", { name: "Wallet" }).click();
  await history.getByRole("listitem").filter({ hasText: competition.name }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Transaction receipt" })).toBeVisible();
  await expect(page.getByTestId("receipt-amount")).toHaveText("12.50 FitCoins");
  await expect(page.getByTestId("receipt-reference")).toHaveText(/^TX-\d+$/);

  // Someone else's receipt is not found.
  const other = await callApi(admin, "GET", `/api/transactions/${page.url().split("/").pop()}/receipt`);
  expect(other.status).toBe(404);
});

test("a declined card keeps the member on the plan; a conversion that fails leaves the dollars in the wallet, said plainly, and converting them returns to the join", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { competition, offer } = await topUpForJoin(page, browser, testInfo, "Top Up Again");
  await offer.getByRole("button", { name: "Pay $14.71 and add 12.50 FitCoins" }).click();

  // Declined: the checkout says so; back on the wallet the same plan waits.
  await payCheckout(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert").filter({ hasText: /declined/i })).toBeVisible();
  // The checkout's own way back (not the menu's plain Wallet): it keeps what the member came for.
  await page.getByRole("main").getByRole("link", { name: "Wallet" }).click();
  await expect(offer.getByRole("button", { name: "Pay $14.71 and add 12.50 FitCoins" })).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");

  // Paid, but the conversion is refused: the member stays on the wallet and is told why.
  await page.route("**/api/fitcoin/purchase", (route) =>
    route.fulfill({ status: 503, json: { message: "Try again later", code: "UNAVAILABLE" } }),
  );
  await offer.getByRole("button", { name: "Pay $14.71 and add 12.50 FitCoins" }).click();
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/wallet\?.*topup=failed/, { timeout: 10_000 });
  await expect(offer.getByRole("alert")).toContainText(
    "Your payment went through and is in your wallet, but it could not be turned into FitCoins.",
  );
  await shoot(page, "wallet-conversion-failed");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$14.71");
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("0.00");

  // The wallet holds the dollars now: the one path is converting them, then back to the join.
  await page.unroute("**/api/fitcoin/purchase");
  await offer.getByRole("button", { name: "Convert $14.71 to 12.50 FitCoins" }).click();
  await joinFromReopenedDialog(page, competition);
});

test("back from a card redirect, the wallet books the top-up's payment, converts it once and returns to the join", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { competition, offer } = await topUpForJoin(page, browser, testInfo, "Top Up Redirect");
  await offer.getByRole("button", { name: "Pay $14.71 and add 12.50 FitCoins" }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  const checkout = new URL(page.url());
  const clientSecret = checkout.searchParams.get("client_secret") ?? "";
  // The card is paid at the provider (as after 3-D Secure): the tab has left the checkout for the
  // bank's page (here a same-origin page without the app, to reach the sandbox provider from), so
  // the checkout never sees the payment go through.
  await page.goto("/api/health");
  const paid = await callApi(page, "POST", "/api/sandbox/payment-intents/confirm", {
    clientSecret,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/34",
    cvc: "123",
  });
  expect(paid.status).toBe(200);
  // The provider's redirect back: the return address the checkout gave it, plus its own parameters.
  const back = new URLSearchParams(checkout.search);
  back.delete("client_secret");
  back.set("payment", "success");
  back.set("payment_intent", clientSecret.slice(0, clientSecret.indexOf("_secret_")));
  back.set("payment_intent_client_secret", clientSecret);
  back.set("redirect_status", "succeeded");
  const conversions: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/fitcoin/purchase")) conversions.push(r.headers()["idempotency-key"] ?? "");
  });
  await page.goto(`/wallet?${back}`);
  await joinFromReopenedDialog(page, competition);
  expect(conversions).toHaveLength(1);
  expect(conversions[0]).toMatch(/^topup-pi_/);
  await page.goto("/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
});

test("the balances' own Add Funds, tapped instead of the plan, comes back to the plan, not to a join it cannot pay", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { competition, offer } = await topUpForJoin(page, browser, testInfo, "Top Up Aside");

  // The member deposits $20 with the wallet card's Add Funds, not with the plan's button.
  await page.getByRole("button", { name: "Add Funds", exact: true }).click();
  const deposit = page.getByRole("dialog", { name: "Add Funds" });
  await deposit.getByLabel("Amount (USD)").fill("20");
  await deposit.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\?client_secret=/);
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page.getByText("Payment Successful!")).toBeVisible({ timeout: 10_000 });

  // Back on the wallet, still on what the join needs: the dollars are in, the FitCoins not yet,
  // and the one path left is converting them.
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/wallet" &&
      url.searchParams.get("need") === "12.50" &&
      url.searchParams.get("returnTo") === `/competitions?join=${competition.id}`,
    { timeout: 10_000 },
  );
  await expect(page.getByTestId("wallet-balance")).toHaveText("$20.00");
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("0.00");
  await expect(offer).toContainText("You need 12.50 FitCoins and have 0.00.");
  await offer.getByRole("button", { name: "Convert $14.71 to 12.50 FitCoins" }).click();
  await joinFromReopenedDialog(page, competition);
  await page.goto("/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$5.29");
});

test("a group invite's Add FitCoins adds the entry price and comes back to the invite's Join", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPhone(browser, testInfo);
  const owner = await newPhone(browser, testInfo);
  await becomeActiveMember(owner);
  await grantFitcoins(admin, owner, 20);
  const name = `Top Up Crew ${suffix()}`;
  const created = await callApi<{ id: number; inviteCode: string }>(owner, "POST", "/api/groups", {
    name,
    description: "",
  });
  expect(created.status).toBe(201);
  const invite = `/groups/join/${created.body.inviteCode}`;

  await becomeActiveMember(page);
  await page.goto(invite);
  const joinCard = page.getByRole("region", { name: `Join ${name}` });
  await expect(joinCard.getByRole("alert")).toContainText("Insufficient Balance");
  await joinCard.getByRole("link", { name: "Add FitCoins" }).click();
  await expect(page).toHaveURL(new RegExp(`/wallet\\?need=15\\.00&returnTo=${encodeURIComponent(invite)}$`));
  // The default entry price, 15.00 FitCoins: $17.65 at 85%.
  const offer = page.getByRole("region", { name: "Add FitCoins to join" });
  await offer.getByRole("button", { name: "Pay $17.65 and add 15.00 FitCoins" }).click();
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`${invite}$`), { timeout: 15_000 });
  await expect(joinCard.getByRole("alert")).toHaveCount(0);
  await joinCard.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByText("Successfully Joined!")).toBeVisible();
});
