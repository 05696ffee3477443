import { control } from "./support/account-age";
import { adminPhone, grantFitcoins, suffix } from "./support/competitions";
import { verifyEmailFromInbox } from "./support/mailed-links";
import { becomeActiveMember } from "./support/member";
import { activateOffer, openPastCelebration } from "./support/rewards";
import { expect, test } from "./support/test";

// Gift cards ordered from Tremendous: this journey runs against its own journeys' server
// (project "tremendous" in playwright.config.ts), whose gift cards go to a fake Tremendous; its
// control (support/servers.ts) drives that fake.
const tremendousControl = (path: string, body: unknown) => control(path, body);

const shots = process.env.E2E_SCREENSHOTS;

test("a FitCoin card waits at Tremendous, then shows delivered with its link; the admin refunds one never issued", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminPhone(browser, testInfo);
  const brand = `Summit Gear ${suffix()}`;
  await activateOffer(admin, brand);
  const member = await becomeActiveMember(page);
  await verifyEmailFromInbox(page, member.email);
  await grantFitcoins(admin, page, 120);

  await openPastCelebration(page, "/redeem");
  await page.getByRole("button", { name: "Redeem $50.00 gift card" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Redemption" })
    .getByRole("button", { name: "Redeem Now" })
    .click();
  await expect(
    page.getByText(
      `Your $50.00 ${brand} gift card is being issued; its link will be emailed to ${member.email} shortly`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  const recent = page.getByRole("article", { name: `$50 ${brand} gift card` });
  await expect(recent).toContainText("pending");
  await expect(recent).toContainText("On its way");
  if (shots) await page.screenshot({ path: `${shots}/member-pending-390.png`, fullPage: true });

  // Tremendous delivers and says so by its webhook; the page picks it up by itself.
  await tremendousControl("/tremendous", { outcome: "deliver" });
  await expect(recent).toContainText("fulfilled", { timeout: 30_000 });
  const open = recent.getByRole("link", { name: /Open gift card/ });
  await expect(open).toHaveAttribute("href", /^https:\/\/testflight\.tremendous\.example\/rewards\/payout\//);
  await expect(open).toHaveAttribute("target", "_blank");
  if (shots) await page.screenshot({ path: `${shots}/member-delivered-390.png`, fullPage: true });

  // Tremendous is down: the next card cannot be ordered and waits in the admin's queue.
  await tremendousControl("/tremendous", { down: true });
  await page.getByRole("button", { name: "Redeem $50.00 gift card" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Redemption" })
    .getByRole("button", { name: "Redeem Now" })
    .click();
  await expect(page.getByText(/is being issued/).first()).toBeVisible();
  await tremendousControl("/tremendous", { down: false });

  await admin.goto("/admin");
  const queue = admin.getByRole("list", { name: "Gift Card Orders" });
  const item = queue
    .getByRole("listitem")
    .filter({ hasText: `${brand} $50 Gift Card` })
    .first();
  await expect(item).toContainText("no order placed yet");
  await expect(item).toContainText("Tremendous 503");
  await item.scrollIntoViewIfNeeded();
  if (shots) await admin.screenshot({ path: `${shots}/admin-queue-390.png`, fullPage: false });
  await item.getByRole("button", { name: /^Refund/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Refund gift card" });
  await dialog.getByLabel(/Reason/).fill("The member asked for their FitCoins back");
  if (shots) await admin.screenshot({ path: `${shots}/admin-refund-dialog-390.png` });
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(
    admin.getByText("Refunded: the provider had not issued the card", { exact: true }),
  ).toBeVisible();
  await admin.getByRole("button", { name: "Refunded", exact: true }).click();
  await expect(
    admin
      .getByRole("list", { name: "Gift Card Orders" })
      .getByRole("listitem")
      .filter({ hasText: brand })
      .first(),
  ).toContainText("refunded");
  if (shots) await admin.screenshot({ path: `${shots}/admin-refunded-390.png`, fullPage: false });
  if (shots) {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.getByRole("heading", { name: "Gift Card Orders" }).scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${shots}/admin-refunded-1280.png` });
  }
  await admin.context().close();

  // Back on the page: the first redemption's badge may celebrate first (its check answers when it answers).
  await openPastCelebration(page, "/redeem");
  const refunded = page.getByRole("article", { name: `$50 ${brand} gift card` }).first();
  await expect(refunded).toContainText("refunded");
  await expect(refunded).toContainText("Your 50.00 FitCoins were returned.");
  if (shots) await page.screenshot({ path: `${shots}/member-refunded-390.png`, fullPage: true });
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByText("Recent Redemptions", { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/member-refunded-1280.png` });
  }
});
