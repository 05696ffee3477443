import { expect, type Page } from "@playwright/test";
import { signInByApi } from "./api";

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

/** Signs the admin in (the sign-in form's request) and opens the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.firstName}!`)).toBeVisible({ timeout: 10_000 });
}
