import { expect, test } from "@playwright/test";
import { newVisitor, payWithCard, register } from "./support/users";

test("a visitor registers, subscribes with 4242, accepts the rules and reaches the dashboard", async ({
  page,
}) => {
  const v = newVisitor();
  await register(page, v);
  await expect(page.getByText("$6.99").first()).toBeVisible();

  await payWithCard(page, "4242 4242 4242 4242");
  // Back from checkout the payment is confirmed and the member, who has not accepted the rules
  // yet, sees the activated screen (access rule 7 lets it through) counting down from 8 seconds.
  await expect(page).toHaveURL(/\/subscription-activated$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: /subscription activated/i })).toBeVisible();
  await expect(page.getByText(/community rules in [5-8] seconds/)).toBeVisible();
  await expect(page.getByRole("link", { name: /dashboard/i })).toHaveAttribute("href", "/dashboard");
  await page.getByRole("link", { name: "Accept Community Rules" }).click();

  await expect(page).toHaveURL(/\/community-rules$/);
  await expect(page.getByText(`Welcome to StepRace, ${v.firstName}!`)).toBeVisible();

  const go = page.getByRole("button", { name: "Continue to Dashboard" });
  await expect(go).toBeDisabled();
  await page.getByRole("checkbox").check();
  await expect(go).toBeEnabled();
  await go.click();

  await expect(page.getByText(`Welcome, ${v.firstName}!`)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/$/);
  // The session survives a reload, and the bottom navigation is there.
  await page.reload();
  await expect(page.getByText(`Welcome, ${v.firstName}!`)).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Badges" })).toBeVisible();
});

test("a declined card says why and leaves the member unsubscribed", async ({ page }) => {
  const v = newVisitor();
  await register(page, v);
  await payWithCard(page, "4000 0000 0000 9995");
  await expect(page.getByRole("alert")).toContainText("insufficient funds");
  // Another card on the same page: a generic decline is explained too.
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("alert")).toContainText("declined by your bank");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("$6.99").first()).toBeVisible();
});

test("a member without a subscription is held on the subscribe screen whatever path they open", async ({
  page,
}) => {
  const v = newVisitor();
  await register(page, v);
  for (const path of ["/", "/wallet", "/competitions", "/admin", "/no-such-page", "/community-rules"]) {
    await page.goto(path);
    await expect(page.getByText("$6.99").first()).toBeVisible();
    await expect(page.getByText(`Welcome, ${v.firstName}!`)).toHaveCount(0);
  }
});
