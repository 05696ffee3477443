import { readFile } from "node:fs/promises";
import { adminPhone, callApi, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";

/** Screenshots for the reviewer, phone and desktop, when SCREENSHOTS names a folder. */
async function shoot(page: import("@playwright/test").Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test("a member pages the wallet history past its first page and downloads their statement as CSV", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await becomeActiveMember(page);
  const admin = await adminPhone(browser, testInfo);
  const me = await callApi<{ id: number }>(page, "GET", "/api/auth/user");
  // 55 grants: more lines than the first page of 50.
  for (let i = 1; i <= 55; i++) {
    const granted = await callApi(admin, "POST", "/api/admin/add-coins", {
      userId: me.body.id,
      amount: i,
      reason: `=Grant number ${i}`,
    });
    expect(granted.status).toBe(200);
  }
  await admin.context().close();

  await page.goto("/wallet");
  const history = page.getByRole("list", { name: "Transaction History" });
  await expect(history.getByRole("listitem")).toHaveCount(50);
  await shoot(page, "wallet");
  await page.getByRole("button", { name: "Load more" }).click();
  // 55 grants and the membership paid by card.
  await expect(history.getByRole("listitem")).toHaveCount(56);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // The statement: FitCoins only, as a file.
  await page.getByLabel("Currency").selectOption("FC");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^steprace-statement-start-to-\d{4}-\d{2}-\d{2}-FC\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const lines = text.trimEnd().split("\r\n");
  // Dates are on the member's clock (their profile's zone, named in the header), with the offset.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(lines[0]).toBe(`Date (${zone}),Type,Description,Amount,Currency,Balance after,Source`);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},/);
  expect(lines).toHaveLength(56);
  // The last line's balance is the sum of 1..55 FitCoins.
  expect(lines[55]).toMatch(/,55\.00,FC,1540\.00,wallet$/);
  // A description that begins like a formula is written as text.
  expect(text).not.toMatch(/,=Grant/);
});

test("the admin adds a points gift card members see, edits it, and takes it off the list", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `Trail Shop ${suffix()} $5 Card`;
  const admin = await adminPhone(browser, testInfo);
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Points Gift Cards" }).click();
  await expect(admin.getByRole("heading", { name: "Points Gift Cards", level: 1 })).toBeVisible();

  await admin.getByRole("button", { name: "Add Gift Card" }).click();
  const add = admin.getByRole("dialog", { name: "Add Gift Card" });
  await add.getByRole("button", { name: "Add Gift Card" }).click();
  await expect(add.getByText("Name is required")).toBeVisible();
  await add.getByLabel("Name *").fill(name);
  await add.getByLabel("Brand *").fill("Trail Shop");
  await add.getByLabel("Value ($) *").fill("5");
  await add.getByLabel("Point cost *").fill("4500");
  await add.getByLabel("Description *").fill("Socks, laces and water bottles.");
  await add.getByLabel("Sort order").fill("1");
  await add.getByRole("button", { name: "Add Gift Card" }).click();
  await expect(add).toBeHidden();
  const row = admin.getByRole("listitem", { name });
  await expect(row).toContainText("$5.00 for 4,500 pts");
  await shoot(admin, "reward-cards");

  await becomeActiveMember(page);
  await page.goto("/points");
  await expect(page.getByText(name)).toBeVisible();

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Gift Card" });
  // Activation is the list's Activate and Deactivate, not the edit form's.
  await expect(edit.getByLabel(/^Active/)).toHaveCount(0);
  await shoot(admin, "reward-card-edit");
  await edit.getByLabel("Point cost *").fill("5000");
  // Another admin deactivates the card while this form is open: saving it keeps the card off.
  const cards = await callApi<{ id: number; name: string }[]>(admin, "GET", "/api/admin/reward-gift-cards");
  const id = cards.body.find((c) => c.name === name)?.id;
  expect((await callApi(admin, "POST", `/api/admin/reward-gift-cards/${id}/deactivate`)).status).toBe(200);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(row).toContainText("$5.00 for 5,000 pts");
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("button", { name: `Activate ${name}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Points & Rewards" })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await page.getByRole("tab", { name: "Point History" }).click();
  await shoot(page, "points-history");

  // Offers by their month: one scheduled for next month, then ended; one for a later month.
  const d = new Date();
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const brand = `Month Books ${suffix()}`;
  const created = await callApi<{ id: number }>(admin, "POST", "/api/admin/gift-card-offers", {
    month: next,
    brand,
    description: "Books for the month ahead.",
  });
  expect(created.status).toBe(201);
  await admin.goto("/admin/gift-cards");
  await expect(admin.getByRole("heading", { name: "Gift Card Offers", level: 1 })).toBeVisible();
  const offer = admin
    .getByRole("region", { name: /^All Offers/ })
    .getByRole("article", { name: new RegExp(`^${brand},`) });
  // A later month's offer is Scheduled, never activated now.
  await expect(offer.getByRole("button", { name: `Activate ${brand} (${next})` })).toHaveCount(0);
  await shoot(admin, "offers-before-schedule");
  await offer.getByRole("button", { name: `Schedule ${brand} (${next})` }).click();
  await expect(admin.getByText("Offer Scheduled", { exact: true })).toBeVisible();
  await expect(offer).toContainText("Scheduled");
  await shoot(admin, "offers");
  await offer.getByRole("button", { name: `End ${brand} (${next})` }).click();
  await expect(admin.getByText("Offer Ended", { exact: true })).toBeVisible();
  await expect(offer.getByRole("button", { name: `Schedule ${brand} (${next})` })).toBeVisible();
  await admin.context().close();
});
