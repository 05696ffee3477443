import { adminPhone, card, createCompetition, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { joinByApi, postByApi } from "./support/members";
import { expect, test } from "./support/test";

test("a competition's page: opened signed out, sign in and back on it; its card, standings, chat, and Join through the guidelines", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPhone(browser, testInfo);
  const competition = await createCompetition(admin, {
    name: `Harbour Walk ${suffix()}`,
    entryFee: null,
    startInMinutes: 24 * 60,
  });
  const path = `/competitions/${competition.id}`;

  // Sam is in it already and has said hello in its chat.
  const samPhone = await newPhone(browser, testInfo);
  const sam = await becomeActiveMember(samPhone);
  await joinByApi(samPhone, competition.id);
  await postByApi(samPhone, competition.id, "See you at the harbour!");

  // Alex has an account, made on another phone; on this one they are signed out.
  const alexPhone = await newPhone(browser, testInfo);
  const alex = await becomeActiveMember(alexPhone);
  await alexPhone.close();

  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  await page.getByLabel("Username").fill(alex.username);
  await page.getByLabel("Password", { exact: true }).fill(alex.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();

  // Back on the competition's page: its card, its standings (Sam), its chat (for walkers), Join.
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: competition.name })).toBeVisible();
  const theCard = card(page, competition.name);
  await expect(theCard.getByTestId("entry-fee")).toHaveText("Free");
  const standings = page.getByRole("list", { name: `${competition.name} leaderboard` });
  await expect(standings).toContainText(`${sam.firstName} ${sam.lastName}`);
  const chatLocked = page.getByRole("region", { name: `${competition.name} Chat` });
  await expect(chatLocked).toContainText("Join to read it");
  await page.screenshot({ path: testInfo.outputPath("competition-page-visitor.png"), fullPage: true });

  await theCard.getByRole("button", { name: `Join ${competition.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Competition Guidelines" });
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Join Competition" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Competition Joined!", { exact: true })).toBeVisible();
  await expect(theCard.getByText("Joined", { exact: true })).toBeVisible();
  await expect(standings).toContainText(`${alex.firstName} ${alex.lastName}`);

  // Now a walker in it: the chat opens on the page, with Sam's message.
  const chat = page.getByRole("region", { name: `${competition.name} Chat` });
  await expect(chat.getByRole("list", { name: `${competition.name} Chat messages` })).toContainText(
    "See you at the harbour!",
    { timeout: 10_000 },
  );
  // And leaving is offered until the start.
  await expect(theCard.getByRole("button", { name: /exit|leave/i })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("competition-page-joined.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(chat).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("competition-page-desktop.png"), fullPage: true });
});

test("an unknown competition's page says it is not found", async ({ page }) => {
  test.setTimeout(90_000);
  await becomeActiveMember(page);
  await page.goto("/competitions/99999999");
  await expect(page.getByRole("heading", { name: "Competition Not Found" })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await page.goto("/competitions/nope");
  await expect(page.getByRole("heading", { name: "Competition Not Found" })).toBeVisible();
});
