import { signInAsAdmin } from "./support/admin";
import { newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { monthName, thisMonth } from "./support/rewards";
import { expect, test } from "./support/test";

test("the admin creates a gift-card offer with the default tiers, edits it, activates it and sees it as the active offer; a member gets Access Denied", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const brand = `Journey Books ${suffix()}`;
  // Activate takes the offer of the current month only (a later month's is Scheduled).
  const month = thisMonth();
  const label = `${brand}, ${monthName(month)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/gift-cards");
  await expect(page.getByRole("heading", { name: "Gift Card Offers", level: 1 })).toBeVisible();

  // Month, brand and description are required; blank tiers take their defaults.
  await page.getByRole("button", { name: "Create Offer" }).click();
  const create = page.getByRole("dialog", { name: "Create Offer" });
  await create.getByLabel("Month *").fill(month);
  await create.getByRole("button", { name: "Create Offer" }).click();
  await expect(create.getByText("Brand is required")).toBeVisible();
  await expect(create.getByText("Description is required")).toBeVisible();
  await create.getByLabel("Brand *").fill(brand);
  await create.getByLabel("Description *").fill("Books, audiobooks and e-readers.");
  await create.getByRole("button", { name: "Create Offer" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText("Offer Created", { exact: true })).toBeVisible();

  const all = page.getByRole("region", { name: /^All Offers/ });
  const offer = all.getByRole("article", { name: label });
  await expect(offer).toContainText("$50.00 card");
  await expect(offer).toContainText("50.00 FC");
  await expect(offer).toContainText("$100.00 card");
  await expect(offer).toContainText("100.00 FC");
  await expect(offer).not.toContainText("Active");
  // This month's offer is activated, not scheduled.
  await expect(offer.getByRole("button", { name: `Schedule ${brand} (${month})` })).toHaveCount(0);

  // Edit: the form starts from the offer; a new $100 price is saved.
  await offer.getByRole("button", { name: `Edit ${brand} (${month})` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Offer" });
  await expect(edit.getByLabel("Brand *")).toHaveValue(brand);
  await edit.getByLabel("$100 Card Price (FC)").fill("105");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Offer Updated", { exact: true })).toBeVisible();
  await expect(offer).toContainText("105.00 FC");

  await offer.getByRole("button", { name: `Activate ${brand} (${month})` }).click();
  await expect(page.getByText("Offer Activated", { exact: true })).toBeVisible();
  const active = page.getByRole("region", { name: "Active Offer" });
  await expect(active.getByRole("article", { name: label })).toContainText("Active");
  await expect(offer.getByRole("button", { name: /^Activate/ })).toHaveCount(0);

  // After a reload it is still the one active offer.
  await page.reload();
  await expect(page.getByRole("region", { name: "Active Offer" }).getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Active Offer" })).toContainText(brand);

  const member = await newPhone(browser, testInfo);
  await becomeActiveMember(member);
  await member.goto("/admin/gift-cards");
  await expect(
    member.getByText("Access Denied: You need admin privileges to access this page."),
  ).toBeVisible();
  await expect(member.getByRole("button", { name: "Create Offer" })).toHaveCount(0);
  await member.context().close();
});

test("the admin sends a test email of one type and sees it among the latest emails", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/email-test");
  await expect(page.getByRole("heading", { name: "Email Test", level: 1 })).toBeVisible();
  await expect(page.getByText("Verification usually takes 5 to 30 minutes.")).toBeVisible();

  // A type must be chosen first.
  const send = page.getByRole("button", { name: "Send Test Email" });
  await send.click();
  await expect(page.getByText("Please select an email type", { exact: true })).toBeVisible();

  await page.getByRole("radio", { name: /^Winner/ }).check();
  const answered = page.waitForResponse(
    (r) => r.url().includes("/api/email/test?type=winner") && r.request().method() === "POST",
  );
  await send.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const result = (await response.json()) as { message: string; to: string; subject: string };
  await expect(page.getByText("Test Email Sent", { exact: true })).toBeVisible();
  await expect(page.getByText(result.message, { exact: true })).toBeVisible();

  const latest = page.getByRole("list", { name: "Recent emails" }).getByTestId("outbox-email").first();
  await expect(latest).toContainText(result.subject);
  await expect(latest).toContainText(`To ${result.to}`);
});
