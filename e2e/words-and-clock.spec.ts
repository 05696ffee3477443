import {
  adminPhone,
  callApi,
  card,
  createCompetition,
  grantFitcoins,
  newPhone,
  suffix,
} from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Locator, test } from "./support/test";

/*
 * Issue 32 items 5 and 6 at phone size: every time a member sees is in their profile's zone, not
 * the phone's; the zone is picked by searching; the words say what the app does.
 */

// The phone's own clock is Los Angeles; the member's profile will be Kolkata.
test.use({ timezoneId: "America/Los_Angeles", locale: "en-US" });

const KOLKATA = "Asia/Kolkata";
const oneSpace = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const inKolkata = (iso: string, options: Intl.DateTimeFormatOptions) =>
  oneSpace(new Intl.DateTimeFormat("en-US", { timeZone: KOLKATA, ...options }).format(new Date(iso)));
const DATE_TIME = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;

/** A `<time>` element shows its instant as written on Kolkata's clock (and not on the phone's). */
async function expectKolkataTime(time: Locator, options: Intl.DateTimeFormatOptions) {
  const at = await time.getAttribute("datetime");
  expect(at).toBeTruthy();
  const shown = oneSpace(await time.textContent());
  expect(shown).toBe(inKolkata(at as string, options));
  const onThePhone = oneSpace(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", ...options }).format(
      new Date(at as string),
    ),
  );
  expect(shown).not.toBe(onThePhone);
}

test("one clock: the profile's zone, picked by search, is the clock of the wallet and the chat", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPhone(browser, testInfo);
  await becomeActiveMember(page);
  // Signed up on this phone: the profile took the phone's zone.
  expect((await callApi<{ timeZone: string }>(page, "GET", "/api/auth/user")).body.timeZone).toBe(
    "America/Los_Angeles",
  );

  // The picker: search "Kolkata", its current name with its offset; the phone's zone one tap away.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog.getByTestId("time-zone-selected")).toHaveText(/America\/Los Angeles \(UTC-0[78]:00\)/);
  await expect(dialog.getByRole("button", { name: "This device's zone is selected" })).toBeDisabled();
  const search = dialog.getByRole("combobox", { name: "Time Zone" });
  await search.fill("Calcutta");
  await expect(dialog.getByText('No time zone matches "Calcutta".')).toBeVisible();
  await search.fill("Kolkata");
  const zones = dialog.getByRole("listbox", { name: "Time zones" });
  await expect(zones.getByRole("option")).toHaveCount(1);
  await expect(zones.getByRole("option")).toContainText("Asia/Kolkata");
  await expect(zones.getByRole("option")).toContainText("UTC+05:30");
  await zones.getByRole("option", { name: /Asia\/Kolkata/ }).click();
  await expect(dialog.getByTestId("time-zone-selected")).toHaveText("Selected: Asia/Kolkata (UTC+05:30)");
  await expect(
    dialog.getByRole("button", { name: /^Use this device's zone \(America\/Los Angeles/ }),
  ).toBeEnabled();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  // The profile says it with the same name.
  await expect(page.getByTestId("profile-time-zone")).toHaveText("Asia/Kolkata (UTC+05:30)");

  // The wallet's history: on Kolkata's clock.
  await grantFitcoins(admin, page, 40);
  await page.goto("/wallet");
  const history = page.getByRole("list", { name: "Transaction History" });
  await expect(history.getByRole("listitem").first()).toBeVisible();
  await expectKolkataTime(history.getByRole("listitem").first().locator("time"), DATE_TIME);

  // A group chat message: on Kolkata's clock too.
  const created = await callApi<{ id: number }>(page, "POST", "/api/groups", {
    name: `Clock Watchers ${suffix()}`,
    description: "",
  });
  expect(created.status).toBe(201);
  const posted = await callApi(page, "POST", `/api/groups/${created.body.id}/messages`, {
    message: "What time is it?",
  });
  expect(posted.status).toBe(201);
  await openPastCelebration(page, `/groups/${created.body.id}`);
  await page.getByRole("button", { name: "Group Chat" }).click();
  const message = page.getByRole("listitem").filter({ hasText: "What time is it?" });
  await expect(message).toBeVisible();
  await expectKolkataTime(message.locator("time"), TIME);
});

test("words: a free competition's join dialog has no fee; the footer's year; sign-up links Terms and Privacy", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminPhone(browser, testInfo);
  const name = `Test Free Stroll ${suffix()}`;
  await createCompetition(admin, { name, entryFee: null, startInMinutes: 60 });

  // A visitor: the footer says this year; sign-up links both texts; the texts show no operator note.
  const visitor = await newPhone(browser, testInfo);
  await visitor.goto("/");
  await expect(
    visitor.getByText(`© ${new Date().getFullYear()} StepRace. All rights reserved.`),
  ).toBeVisible();
  await visitor.goto("/register");
  const consent = visitor.getByTestId("legal-consent");
  await expect(consent.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(consent.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  for (const [path, title] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ]) {
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(visitor.getByText(/^Effective [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(visitor.getByRole("main")).not.toContainText(/operator|starting point/i);
  }

  // A member opens the free competition's join dialog: nothing about a fee or a refund.
  await becomeActiveMember(page);
  await page.goto("/competitions");
  // Its card promises no prize either: no pool of 0.00 FC to win and no split of one.
  await expect(card(page, name).getByTestId("prize-pool")).toHaveText("None");
  await expect(card(page, name).getByTestId("prize-split")).toHaveCount(0);
  await card(page, name)
    .getByRole("button", { name: `Join ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Competition Guidelines" });
  await expect(dialog).toContainText("This competition is free: joining charges nothing.");
  await expect(dialog).toContainText("You can leave until the competition starts");
  await expect(dialog.getByRole("list")).not.toContainText(/entry fee|refund|prize pool goes/i);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Join Competition" }).click();
  await expect(dialog).toBeHidden();

  // Leaving it says so, without a refund that never was.
  await card(page, name).getByRole("button", { name: "Exit" }).click();
  const exit = page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "Exit Competition" }));
  await expect(exit).toContainText("It was free to enter, so there is nothing to refund.");
  await exit.getByRole("button", { name: "Exit Competition" }).click();
  await expect(page.getByText(`You left ${name}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(/refunded/i)).toHaveCount(0);
});
