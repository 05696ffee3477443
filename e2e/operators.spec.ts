import { adminPhone, callApi, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { verifyEmailFromInbox } from "./support/mailed-links";
import { becomeActiveMember } from "./support/member";
import { memberId } from "./support/members";
import { activateOffer, openPastCelebration } from "./support/rewards";
import { expect, type Locator, type Page, test } from "./support/test";
import { newVisitor } from "./support/users";

/** Screenshots for a person to look at, when SHOTS names a folder. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage });
}

/** How much of its queue item's width a report's text is given (1: all of it). */
async function shareOfWidth(text: Locator, item: Locator): Promise<number> {
  const [t, i] = [await text.boundingBox(), await item.boundingBox()];
  expect(t && i, "both are laid out").toBeTruthy();
  return (t?.width ?? 0) / (i?.width ?? 1);
}

/** Issue 32 item 8: what an operator reads on the admin screens says what it is, in room to read it. */
test("an operator reads the admin screens at a glance: reports, delivered cards, revenue and the audit log", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = await newPhone(browser, testInfo);
  const v = await becomeActiveMember(member, { ...newVisitor(), firstName: "Gail", lastName: "Glance" });
  await verifyEmailFromInbox(member, v.email);
  const id = await memberId(member);

  // A $50 card, delivered at once by the sandbox provider.
  const admin = await adminPhone(browser, testInfo);
  const brand = `Glance Books ${suffix()}`;
  const offer = await activateOffer(admin, brand);
  await grantFitcoins(admin, member, 60);
  const redeemed = await callApi(member, "POST", "/api/fitcoin/redeem", {
    giftCardOfferId: offer.id,
    amount: 50,
  });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  await member.context().close();

  // A report about them, long enough to need the card's width.
  const description =
    "Posts the same invitation to a paid step-counting service in every group chat, several times a day, " +
    "and answers members who ask him to stop with insults.";
  const reported = await callApi(admin, "POST", "/api/users/report", {
    reportedId: v.username,
    reason: "spam",
    description,
  });
  expect(reported.status, JSON.stringify(reported.body)).toBe(201);
  // Two admin actions on the member, for their page's audit log.
  for (const action of ["mark-test", "unmark-test"]) {
    const res = await callApi(admin, "PATCH", `/api/admin/users/${id}/${action}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  await openPastCelebration(admin, "/admin");
  await expect(admin.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  // The report's words take the card's width, on a phone and on a laptop.
  const report = admin
    .getByRole("list", { name: "Reports" })
    .getByRole("listitem")
    .filter({ hasText: description });
  const words = report.getByText(description);
  await words.scrollIntoViewIfNeeded();
  await shot(admin, "reports-phone");
  expect(await shareOfWidth(words, report)).toBeGreaterThan(0.9);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await words.scrollIntoViewIfNeeded();
  await shot(admin, "reports-laptop");
  expect(await shareOfWidth(words, report)).toBeGreaterThan(0.9);
  await admin.setViewportSize({ width: 390, height: 844 });

  // Delivered cards: member, card, value, when, and the order's references.
  const orders = admin.getByRole("region", { name: "Gift Card Orders" });
  await orders.getByRole("button", { name: "Delivered" }).click();
  const delivered = orders
    .getByRole("list", { name: "Gift Card Orders" })
    .getByRole("listitem")
    .filter({ hasText: `${brand} $50 Gift Card` });
  await expect(delivered).toContainText(`@${v.username}`);
  await expect(delivered).toContainText("$50.00 · 50.00 FitCoins");
  await expect(delivered).toContainText(/Reference redemption-[0-9a-f]{32}/);
  await expect(delivered).toContainText(/Delivered \w{3} \d{1,2}/);
  await delivered.scrollIntoViewIfNeeded();
  await shot(admin, "delivered-phone");
  await admin.setViewportSize({ width: 1280, height: 800 });
  await delivered.scrollIntoViewIfNeeded();
  await shot(admin, "delivered-laptop");
  await admin.setViewportSize({ width: 390, height: 844 });

  // Two revenue figures, two names, each saying what it counts.
  const fees = admin.getByRole("region", { name: "Platform Revenue (15% Fees)" });
  await expect(fees).toContainText("Total Fee Revenue");
  await expect(fees).toContainText(
    "Every 15% fee on FitCoin conversions and card purchases, since the start.",
  );
  await expect(admin.getByText("Total Revenue", { exact: true })).toHaveCount(0);
  await fees.scrollIntoViewIfNeeded();
  await shot(admin, "fee-revenue-phone");
  await fees.getByRole("link", { name: "Revenue with subscriptions, by dates: Finance" }).click();
  await expect(admin.getByRole("heading", { name: "Finance", level: 1 })).toBeVisible();
  const revenue = admin.getByTestId("finance-figure").filter({ hasText: "Subscriptions plus the 15% fees" });
  await expect(revenue).toContainText("Revenue");
  await expect(revenue).toContainText("Subscriptions plus the 15% fees, over the dates picked");
  await shot(admin, "finance-revenue-phone");

  // The member's page says what admins did in words, never by the log's keys.
  await admin.goto(`/admin/users/${id}`);
  const actions = admin.getByRole("list", { name: "Admin Actions" });
  await expect(actions).toContainText("Granted FitCoins by @e2eadmin");
  await expect(actions).toContainText("Marked as a test account by @e2eadmin");
  await expect(actions).toContainText("Unmarked as a test account by @e2eadmin");
  await expect(actions).not.toContainText(/\b[a-z_]+\.[a-z_]+\b/);
  await actions.scrollIntoViewIfNeeded();
  await shot(admin, "member-audit-phone");
  await admin.setViewportSize({ width: 1280, height: 800 });
  await actions.scrollIntoViewIfNeeded();
  await shot(admin, "member-audit-laptop");
  await admin.context().close();
});
