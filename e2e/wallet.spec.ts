import { becomeActiveMember, payCheckout, startDeposit } from "./support/member";
import { expect, test } from "./support/test";

test("a member deposits $20 by card, then converts $10 to 8.50 FitCoins and sees the fee", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await page.goto("/wallet");
  const balance = page.getByTestId("wallet-balance");
  const fitcoins = page.getByTestId("fitcoin-balance");
  await expect(balance).toHaveText("$0.00");
  // Nothing to convert yet.
  await expect(page.getByRole("button", { name: "Convert to FitCoins" })).toBeDisabled();

  await startDeposit(page, "20");
  await expect(page.getByRole("button", { name: "Pay $20.00" })).toBeVisible();
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page.getByText("Payment Successful!")).toBeVisible();
  // Back to the wallet after 2 s, with the success notice once.
  await expect(page).toHaveURL(/\/wallet/, { timeout: 10_000 });
  await expect(page.getByRole("status").filter({ hasText: "Payment Successful" })).toBeVisible();
  await expect(balance).toHaveText("$20.00");
  const history = page.getByRole("list", { name: "Transaction History" });
  await expect(history.getByRole("listitem").filter({ hasText: "+$20.00" })).toHaveCount(1);
  // The deposit went into the wallet: not a card line.
  await expect(history.getByRole("listitem").filter({ hasText: "+$20.00" })).not.toContainText(
    "Paid by card",
  );

  await page.getByRole("button", { name: "Convert to FitCoins" }).click();
  const amount = page.getByLabel("Amount to convert (USD)");
  const dialog = page.getByRole("dialog");
  await amount.fill("25");
  // Above the balance nothing is promised: no "You get".
  await expect(dialog.getByText("More than your wallet balance of $20.00.")).toBeVisible();
  await expect(dialog.getByText("You get")).toHaveCount(0);
  await page.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(page.getByText("Amount cannot exceed your balance of $20.00")).toBeVisible();
  await amount.fill("10");
  // The fee and the FitCoins are shown before confirming.
  await expect(dialog.getByText("You get")).toBeVisible();
  await expect(dialog.getByText("-$1.50")).toBeVisible();
  await expect(dialog.getByText("8.50 FitCoins")).toBeVisible();
  await page.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(dialog).toBeHidden();

  await expect(fitcoins).toHaveText("8.50");
  await expect(balance).toHaveText("$10.00");
  await expect(history.getByRole("listitem").filter({ hasText: /platform fee/i })).toContainText("-$1.50");
  await expect(history.getByRole("listitem").filter({ hasText: "+8.50 FC" })).toHaveCount(1);

  // A reload does not show the payment notice again; the balances stay.
  await page.reload();
  await expect(fitcoins).toHaveText("8.50");
  await expect(page.getByRole("status").filter({ hasText: "Payment Successful" })).toHaveCount(0);
});

/** The address Stripe returns to after a redirect (3-D Secure and the like), for a checkout URL's intent. */
function stripeReturnUrl(checkoutUrl: string, redirectStatus: string) {
  const clientSecret = new URL(checkoutUrl).searchParams.get("client_secret") ?? "";
  const paymentIntentId = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
  const query = new URLSearchParams({
    payment: "success",
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: redirectStatus,
  });
  return { url: `/wallet?${query}`, paymentIntentId };
}

test("back from a card redirect: the wallet books a succeeded payment once, waits for an unpaid one, says when it failed", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await startDeposit(page, "20");
  const checkoutUrl = page.url();
  const balance = page.getByTestId("wallet-balance");
  const history = page.getByRole("list", { name: "Transaction History" });

  // Failed: nothing to book, and the member is told.
  let bookings = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/process-deposit")) bookings += 1;
  });
  await page.goto(stripeReturnUrl(checkoutUrl, "failed").url);
  const failed = page.getByRole("alert").filter({ hasText: "Payment Failed" });
  await expect(failed).toContainText("did not go through");
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText("$0.00");
  expect(bookings).toBe(0);

  // Stripe says succeeded, but the intent was never confirmed: the server refuses to book it (409).
  const { url, paymentIntentId } = stripeReturnUrl(checkoutUrl, "succeeded");
  const booking = page.waitForRequest((r) => r.url().endsWith("/api/process-deposit"));
  await page.goto(url);
  expect((await booking).postDataJSON()).toEqual({ paymentIntentId, amount: 20 });
  await expect(page.getByRole("status").filter({ hasText: "Payment Processing" })).toContainText(
    "Your payment is processing. Your balance will update once it completes.",
  );
  await expect(page.getByText("Payment Successful")).toHaveCount(0);
  // The parameters are gone: a reload does not book or show anything again.
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText("$0.00");

  // Stripe says processing: a pending notice, no booking call.
  const callsBefore = bookings;
  await page.goto(stripeReturnUrl(checkoutUrl, "processing").url);
  await expect(page.getByRole("status").filter({ hasText: "Payment Processing" })).toBeVisible();
  expect(bookings).toBe(callsBefore);

  // Paid (the sandbox books it as Stripe's webhook would), then the redirect back arrives:
  // the wallet's booking call succeeds, and the payment is in the wallet once.
  await page.goto(checkoutUrl);
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/wallet/, { timeout: 10_000 });
  await expect(balance).toHaveText("$20.00");
  const again = page.waitForResponse((r) => r.url().endsWith("/api/process-deposit"));
  await page.goto(url);
  expect((await again).status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: "Payment Successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(balance).toHaveText("$20.00");
  await expect(history.getByRole("listitem").filter({ hasText: "+$20.00" })).toHaveCount(1);
});

test("a conversion whose answer was lost is retried with the same Idempotency-Key and converts once", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await startDeposit(page, "20");
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/wallet/, { timeout: 10_000 });
  const balance = page.getByTestId("wallet-balance");
  await expect(balance).toHaveText("$20.00");

  // The first conversion reaches the server, but its answer never reaches the page.
  const keys: string[] = [];
  await page.route("**/api/fitcoin/purchase", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length === 1) {
      await route.fetch();
      await route.abort("connectionreset");
    } else {
      await route.continue();
    }
  });
  await page.getByRole("button", { name: "Convert to FitCoins" }).click();
  await page.getByLabel("Amount to convert (USD)").fill("10");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(page.getByText("Conversion Failed", { exact: true })).toBeVisible();
  // The member tries again: the same submission, the same key; one conversion in all.
  await dialog.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(dialog).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("8.50");
  await expect(balance).toHaveText("$10.00");

  // A new conversion is a new key.
  await page.getByRole("button", { name: "Convert to FitCoins" }).click();
  await page.getByLabel("Amount to convert (USD)").fill("10");
  await dialog.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(dialog).toBeHidden();
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  await expect(balance).toHaveText("$0.00");
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("17.00");
});

test("a card with insufficient funds says so and adds nothing", async ({ page }) => {
  await becomeActiveMember(page);
  await startDeposit(page, "20");
  await payCheckout(page, "4000 0000 0000 9995");
  const alert = page.getByRole("alert").filter({ hasText: "Payment Failed" });
  await expect(alert).toContainText("insufficient funds");
  await expect(page).toHaveURL(/\/checkout\?client_secret=/);

  await page.goto("/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
});

test("Buy FitCoins by card: $10 gives 8.50 FitCoins after the 15% fee", async ({ page }) => {
  await becomeActiveMember(page);
  await page.goto("/wallet");
  await page.getByRole("button", { name: "Buy FitCoins" }).click();
  const amount = page.getByLabel("Amount (USD)");
  await amount.fill("51");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByText("Amount must be between $5 and $50")).toBeVisible();
  await amount.fill("10");
  await expect(page.getByRole("dialog").getByText("8.50 FitCoins")).toBeVisible();
  await page.getByRole("button", { name: "Continue to Payment" }).click();

  await expect(page).toHaveURL(/\/checkout\?client_secret=/);
  await expect(page.getByText("You get 8.50 FitCoins")).toBeVisible();
  await payCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/wallet/, { timeout: 10_000 });
  await expect(page.getByTestId("fitcoin-balance")).toHaveText("8.50");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");

  // The card paid the $10 and the membership: those lines are marked, the wallet never moved;
  // the FitCoins that came in are an ordinary line. Minus stays red, plus green.
  const history = page.getByRole("list", { name: "Transaction History" });
  const line = (text: string) => history.getByRole("listitem").filter({ hasText: text });
  await expect(line("Bought 8.50 FitCoins by card")).toContainText("Paid by card");
  await expect(line("Bought 8.50 FitCoins by card").getByText("-$8.50")).toHaveClass(/text-red-600/);
  await expect(line("15% platform fee on FitCoin purchase")).toContainText("Paid by card");
  await expect(line("StepRace membership")).toContainText("Paid by card");
  await expect(line("+8.50 FC")).not.toContainText("Paid by card");
  await expect(line("+8.50 FC").getByText("+8.50 FC")).toHaveClass(/text-emerald-700/);
  await expect(page.getByText("did not change your wallet balance")).toBeVisible();
});

test("banking setup checks the form and keeps only the last four digits", async ({ page }) => {
  await becomeActiveMember(page);
  await page.goto("/banking-setup");
  await expect(page.getByText("Banking details are no longer required")).toBeVisible();
  await page.getByRole("button", { name: "Save Banking Details" }).click();
  await expect(page.getByText("Please fill in all required fields.", { exact: true })).toBeVisible();

  await page.getByLabel("Bank Name").fill("First Bank");
  await page.getByLabel("Account Type").selectOption("checking");
  await page.getByLabel("Routing Number").fill("021000021");
  await page.getByLabel("Account Number", { exact: true }).fill("1234567890");
  await page.getByLabel("Confirm Account Number").fill("1234567899");
  await page.getByRole("button", { name: "Save Banking Details" }).click();
  await expect(
    page.getByText("Please make sure both account numbers are the same.", { exact: true }),
  ).toBeVisible();

  await page.getByLabel("Confirm Account Number").fill("1234567890");
  await page.getByRole("button", { name: "Save Banking Details" }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await page.goto("/banking-setup");
  await expect(page.getByText("••••7890")).toBeVisible();
  await expect(page.getByText("1234567890")).toHaveCount(0);
});
