import { expect, type Page } from "@playwright/test";

let n = 0;
export function newVisitor() {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return {
    firstName: "Casey",
    lastName: "Walker",
    username: `casey${id}`,
    email: `casey${id}@example.test`,
    password: "steps-all-day-1",
  };
}

export type Visitor = ReturnType<typeof newVisitor>;

/** Registers through the form, as a person would; ends on the subscribe screen. */
export async function register(page: Page, v: Visitor) {
  await page.goto("/register");
  await page.getByLabel("First Name").fill(v.firstName);
  await page.getByLabel("Last Name").fill(v.lastName);
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Email").fill(v.email);
  await page.getByLabel("Password", { exact: true }).fill(v.password);
  await page.getByLabel("Confirm Password").fill(v.password);
  await page.getByRole("button", { name: /create account|sign up|register/i }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
}

/** Signs a fully active member in through the login form; ends on their dashboard. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page.getByText(/^Welcome(?: back)?, /)).toBeVisible({ timeout: 15_000 });
}

/** Pays the sandbox checkout with a card; ends on the hosted page or on success. */
export async function payWithCard(page: Page, card: string) {
  await page
    .getByRole("button", { name: /subscribe|start|checkout/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
}
