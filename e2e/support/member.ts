import { expect, type Page } from "@playwright/test";
import { newVisitor, payWithCard, register, type Visitor } from "./users";

/**
 * A new, fully active member: registered, subscribed with 4242 and rules accepted, on the
 * dashboard. The way onboarding.spec.ts walks it, without its checks along the way.
 */
export async function becomeActiveMember(page: Page, v: Visitor = newVisitor()): Promise<Visitor> {
  await register(page, v);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/subscription-activated$/, { timeout: 15_000 });
  await page.getByRole("link", { name: "Accept Community Rules" }).click();
  await expect(page).toHaveURL(/\/community-rules$/);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to Dashboard" }).click();
  // The phone dashboard greets with 'Welcome, Name!', the desktop one with 'Welcome back, Name!'.
  await expect(page.getByText(new RegExp(`^Welcome(?: back)?, ${v.firstName}!$`))).toBeVisible({
    timeout: 10_000,
  });
  return v;
}

/** On the wallet: Add Funds, an amount, on to the checkout page. */
export async function startDeposit(page: Page, amount: string) {
  await page.goto("/wallet");
  await page.getByRole("button", { name: "Add Funds" }).click();
  await page.getByLabel("Amount (USD)").fill(amount);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\?client_secret=/);
}

/** Pays the in-app checkout (sandbox provider) with a card. */
export async function payCheckout(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}
