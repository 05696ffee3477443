import { readFileSync } from "node:fs";
import { signInAsAdmin } from "./support/admin";
import { callApi, newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor } from "./support/users";

/** Screenshots for a person to look at, when SHOTS names a folder. */
async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage });
}

test("an admin reverses a grant on the member page, then reads the books on the Finance page", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = await newPhone(browser, testInfo);
  const kim = await becomeActiveMember(phone, { ...newVisitor(), firstName: "Kim", lastName: "Books" });
  const me = await callApi<{ id: number }>(phone, "GET", "/api/auth/user");
  await phone.context().close();

  await signInAsAdmin(page);
  // Two grants: one stays, one is reversed.
  for (const [amount, reason] of [
    [40, "Spring challenge winner"],
    [15, "Granted twice by mistake"],
  ] as const) {
    const res = await callApi(page, "POST", "/api/admin/add-coins", { userId: me.body.id, amount, reason });
    expect(res.status).toBe(200);
  }
  // A global reconciliation, so the Finance page lists a run.
  expect((await callApi(page, "POST", "/api/admin/global-reconcile")).status).toBe(200);

  await openPastCelebration(page, `/admin/users/${me.body.id}`);
  await expect(page.getByRole("heading", { name: `@${kim.username}`, level: 1 })).toBeVisible();
  const rows = page.getByTestId("member-transaction");
  const mistaken = rows.filter({ hasText: "Granted twice by mistake" });
  await expect(mistaken).toContainText("Granted by @e2eadmin");
  await mistaken.scrollIntoViewIfNeeded();
  await shot(page, "member-ledger-phone", false);
  await mistaken.getByRole("button", { name: /^Reverse grant #\d+$/ }).click();

  const dialog = page.getByRole("dialog", { name: "Reverse Grant" });
  await expect(dialog).toContainText(`Take 15.00 FC back from @${kim.username}?`);
  await dialog.getByRole("button", { name: "Reverse Grant" }).click();
  await expect(dialog.getByText("A reason is required")).toBeVisible();
  await dialog.getByLabel("Reason (shown in their history)").fill("Duplicate of the spring grant");
  await shot(page, "reverse-dialog-phone", false);
  await dialog.getByRole("button", { name: "Reverse Grant" }).click();
  await expect(page.getByText("Grant Reversed", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const reversal = rows.filter({ hasText: "Grant reversed: Duplicate of the spring grant" });
  await expect(reversal).toContainText("Reversed by @e2eadmin");
  await expect(reversal).toContainText("-15.00 FC");
  await expect(mistaken).toContainText(/Reversed \(#\d+\)/);
  await expect(mistaken.getByRole("button", { name: /^Reverse grant/ })).toHaveCount(0);
  await shot(page, "member-ledger-reversed-phone", false);
  // The kept grant can still be reversed.
  await expect(
    rows.filter({ hasText: "Spring challenge winner" }).getByRole("button", { name: /^Reverse grant/ }),
  ).toBeVisible();

  // From the Admin Tools card to the Finance page: this month's figures include both moves.
  await openPastCelebration(page, "/admin");
  await page.getByRole("link", { name: "Finance", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/finance$/);
  await expect(page.getByRole("heading", { name: "Finance", level: 1 })).toBeVisible();
  const grants = page.getByTestId("finance-figure").filter({ hasText: "Admin Grants" });
  await expect(grants).toContainText(/Reversed \(\d+ reversals?\)/);
  // Card refunds and disputes apart; what was only flagged is named, with the way to it.
  for (const title of ["Refunds", "Chargebacks", "Costs", "Returned to Members", "Balances Now"]) {
    await expect(page.getByTestId("finance-figure").filter({ hasText: title }).first()).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Not booked: see Payment Monitor" })).toBeVisible();
  await expect(page.getByText("The range includes today: balances are those now.")).toBeVisible();
  await expect(page.getByTestId("reconciliation-run").first()).toContainText("By @e2eadmin");
  await shot(page, "finance-phone");

  // The CSV of the range: its file name names the range, and the reversal is in it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ledger-transfers_.+\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "id,created_at,kind,currency,amount,debit_account,credit_account,member_id,reference,description,actor_id,actor",
  );
  expect(csv).toContain("admin_reversal,FC,15.00");
  expect(csv).toContain("Grant reversed: Duplicate of the spring grant");

  // A backwards range is refused on the page.
  await page.getByLabel("From", { exact: true }).fill("2030-05-10");
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  await page.getByRole("button", { name: "This month" }).click();
  await expect(grants).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "finance-desktop");
});
