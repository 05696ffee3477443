import { expect, type Page } from "@playwright/test";

/**
 * The journeys' site admin, created by the journeys' server before it starts
 * (scripts/e2e-server.ts with e2e/support/seed-admin.ts): subscribed, rules accepted, admin.
 */
export const E2E_ADMIN = {
  username: "e2eadmin",
  password: "admin-steps-all-day-1",
  firstName: "Ada",
  lastName: "Admin",
} as const;

/** Signs the admin in through the login form; ends on the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.firstName}!`)).toBeVisible({ timeout: 10_000 });
}
