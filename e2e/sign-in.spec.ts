import { resetLinkFor } from "./support/mailed-links";
import { expect, test } from "./support/test";
import { newVisitor, register } from "./support/users";

test("a wrong password shows Login Failed", async ({ page }) => {
  const v = newVisitor();
  await register(page, v);
  await page.goto("/api/logout");
  await page.goto("/login");
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Password", { exact: true }).fill("not-my-password");
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page.getByText("Login Failed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a member resets a forgotten password through the emailed link", async ({ page }) => {
  const v = newVisitor();
  await register(page, v);
  await page.goto("/api/logout");

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(v.email);
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText("Check Your Email")).toBeVisible();

  await page.goto(await resetLinkFor(v.email));

  await page.getByLabel("New Password").fill("fresh-start-22");
  await page.getByLabel("Confirm Password").fill("fresh-start-22");
  await page.getByRole("button", { name: /reset password/i }).click();
  await expect(page.getByText("Password Reset Complete")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();

  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Password", { exact: true }).fill("fresh-start-22");
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  // Signed in again, not yet subscribed: held on the subscribe screen.
  await expect(page.getByText("$6.99").first()).toBeVisible({ timeout: 10_000 });
});

test("an anonymous visitor on an unknown path sees the not-found screen", async ({ page }) => {
  await page.goto("/definitely/not/here");
  await expect(page.getByText(/page could not be found/i)).toBeVisible();
  await expect(page.getByText("/definitely/not/here")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page.getByRole("link", { name: /Start Competing Now/i }).first()).toBeVisible();
});

test("a reset link without a token says it is invalid", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Invalid Reset Link")).toBeVisible();
});
