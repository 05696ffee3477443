import { expect, type Page } from "@playwright/test";
import { canonicalTimeZone } from "../../src/core/time-zones";
import { callApi, openAppForRequests } from "./api";
import { newVisitor, type Visitor } from "./users";

/**
 * A new, fully active member on their dashboard, made the quick way: the requests the sign-up,
 * checkout and community-rules screens send (registered, subscribed with 4242, rules accepted),
 * from the app's own page so the session is bound to this browser's device fingerprint as the
 * screens bind it. onboarding.spec.ts walks those screens themselves; the other journeys start
 * from the member it leaves, without its page loads and the screens' timed redirects.
 */
export async function becomeActiveMember(page: Page, v: Visitor = newVisitor()): Promise<Visitor> {
  await openAppForRequests(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const registered = await callApi(page, "POST", "/api/auth/register", {
    ...v,
    confirmPassword: v.password,
    // The device's zone, as the sign-up screen sends it.
    timeZone: canonicalTimeZone(timeZone) ?? undefined,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const checkout = await callApi<{ url: string }>(page, "POST", "/api/subscription/create-checkout", {});
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const checkoutId = decodeURIComponent(checkout.body.url.split("/sandbox/checkout/")[1] ?? "");
  const paid = await callApi(page, "POST", `/api/sandbox/checkout/${encodeURIComponent(checkoutId)}/pay`, {
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/34",
    cvc: "123",
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const accepted = await callApi(page, "POST", "/api/accept-rules", {});
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await page.goto("/");
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
