import { lapseSubscription } from "./support/account-age";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";
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

test("a member without a subscription is held on the subscribe screen on every competing path", async ({
  page,
}) => {
  const v = newVisitor();
  await register(page, v);
  for (const path of ["/", "/competitions", "/admin", "/no-such-page", "/community-rules"]) {
    await page.goto(path);
    await expect(page.getByText("$6.99").first()).toBeVisible();
    await expect(page.getByText(`Welcome, ${v.firstName}!`)).toHaveCount(0);
  }
  // Their own money and account are not competing (DESIGN 1, lapsed members).
  await page.goto("/wallet");
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
});

test("a member whose plan ended keeps the wallet and profile, and the lapsed screen says which plan ended when", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await lapseSubscription(page, "2025-11-03T12:00:00.000Z");
  await page.goto("/competitions");
  // Competing needs the plan: the lapsed screen, naming the plan and the day it ended.
  await expect(page.getByRole("heading", { name: "Renew to compete again" })).toBeVisible();
  await expect(page.getByTestId("ended-plan")).toHaveText(
    "Your Monthly plan ($6.99/month) ended on Nov 3, 2025.",
  );
  // Their money stays in reach (DESIGN 1, lapsed members).
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Wallet" }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  await expect(page.getByText("Wallet Balance").first()).toBeVisible();
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Redeem" }).click();
  await expect(page).toHaveURL(/\/redeem$/);
  // Renew leads back to the subscribe screen.
  await page.getByRole("link", { name: "Renew" }).click();
  await expect(page.getByRole("button", { name: "Renew for $6.99/month" })).toBeVisible();
});

test("a visitor opens Help, Terms and Privacy from the landing page", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "Help and legal" });
  await footer.getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
  await expect(page.getByTestId("support-email")).toHaveText("support@steprace.local");
  await expect(page.getByTestId("support-email")).toHaveAttribute("href", "mailto:support@steprace.local");
  await page.getByText("How is the prize pool split?").click();
  await expect(page.getByText(/50% \/ 30% \/ 20%/)).toBeVisible();

  await page.goto("/");
  await page.getByRole("navigation", { name: "Help and legal" }).getByRole("link", { name: "Terms" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
  await expect(page.getByText(/15% platform fee/)).toBeVisible();

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Help and legal" })
    .getByRole("link", { name: "Privacy" })
    .click();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
  // Reloaded, the page still stands on its own (the service worker's fallback serves the app).
  await page.reload();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});
