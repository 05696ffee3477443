import { expect, test } from "@playwright/test";
import { becomeActiveMember, payCheckout, startDeposit } from "./support/member";

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

  await page.getByRole("button", { name: "Convert to FitCoins" }).click();
  const amount = page.getByLabel("Amount to convert (USD)");
  await amount.fill("25");
  await page.getByRole("button", { name: "Confirm Conversion" }).click();
  await expect(page.getByText("Amount cannot exceed your balance of $20.00")).toBeVisible();
  await amount.fill("10");
  // The fee and the FitCoins are shown before confirming.
  const dialog = page.getByRole("dialog");
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
