import { startRound } from "./support/account-age";
import { adminPhone, callApi, card, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor } from "./support/users";

/** The group's chat on its page, opened from Quick Actions. */
async function openChat(page: Page, heading: string) {
  await page.getByRole("button", { name: "Group Chat" }).click();
  const chat = page.getByRole("region", { name: heading });
  await expect(chat.getByRole("heading", { name: heading })).toBeVisible();
  return { chat, list: chat.getByRole("list", { name: `${heading} messages` }) };
}

test("a member creates a group and shares its link; a friend opens it signed out, signs in, pays the entry price, contributes and chats", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = suffix();
  const name = `Test Sunrise Striders ${id}`;
  const heading = `Sunrise Striders ${id} Chat`;
  const admin = await adminPhone(browser, testInfo);

  // Robin has an account, made on another phone; on this one they are not signed in.
  const robinPhone = await newPhone(browser, testInfo);
  const robin = await becomeActiveMember(robinPhone, {
    ...newVisitor(),
    firstName: "Robin",
    lastName: `Joiner${id}`,
  });
  await grantFitcoins(admin, robinPhone, 30);
  await robinPhone.context().clearCookies();

  // Casey creates the group, paying its default entry price of 15 FitCoins.
  const casey = await becomeActiveMember(page);
  await grantFitcoins(admin, page, 40);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/groups");
  await expect(page.getByText("No Groups Yet", { exact: true })).toBeVisible();
  await expect(page.getByTestId("groups-fitcoins")).toHaveText("40.00 FC");
  await page.getByRole("button", { name: "Create Group" }).click();
  const create = page.getByRole("dialog", { name: "Create Group" });
  await expect(create.getByLabel("Entry Price (FC)")).toHaveValue("15.00");
  // The creator pays the price too: one above what Casey holds is said before anything is sent,
  // with the way to add FitCoins and come back.
  await create.getByLabel("Entry Price (FC)").fill("50");
  await expect(create.getByRole("alert")).toContainText(
    "Creating the group takes its entry price: you need 50.00 FC and have 40.00 FC.",
  );
  await expect(create.getByRole("link", { name: "Add FitCoins" })).toHaveAttribute(
    "href",
    "/wallet?need=50.00&returnTo=%2Fgroups",
  );
  await expect(create.getByRole("button", { name: "Create Group" })).toBeDisabled();
  // A price the form refuses (over 150) asks for no top-up.
  await create.getByLabel("Entry Price (FC)").fill("200");
  await expect(create.getByRole("alert")).toHaveCount(0);
  await create.getByLabel("Entry Price (FC)").fill("15.00");
  await expect(create.getByRole("alert")).toHaveCount(0);
  await create.getByRole("button", { name: "Create Group" }).click();
  await expect(create.getByText("Group name is required")).toBeVisible();
  await create.getByLabel("Group Name *").fill(name);
  await create.getByLabel("Description").fill("Early walks before work.");
  await create.getByRole("button", { name: "Create Group" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText("Group Created!", { exact: true })).toBeVisible();
  const mine = card(page.getByRole("region", { name: "My Groups" }), name);
  await expect(mine.getByTestId("group-pool")).toHaveText("15.00 FC");
  await expect(mine.getByTestId("member-count")).toHaveText("1 member");
  await expect(mine).toContainText("No competition scheduled");
  await expect(page.getByTestId("groups-fitcoins")).toHaveText("25.00 FC");

  // Share: the /groups/join/ link, copied with a 2 s confirmation.
  await mine.getByRole("button", { name: `Share ${name}` }).click();
  const share = page.getByRole("dialog", { name: "Share Group" });
  const link = await share.getByLabel("Invite link").inputValue();
  expect(link).toMatch(/\/groups\/join\/[A-Za-z0-9]+$/);
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(share.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(share.getByText("Copied!")).toBeHidden({ timeout: 4_000 });
  await page.keyboard.press("Escape");

  // Robin opens the link signed out: the group's invitation, then Sign in, coming back to it.
  const invitePath = new URL(link).pathname;
  await robinPhone.goto(invitePath);
  await expect(robinPhone.getByRole("heading", { name })).toBeVisible();
  await expect(robinPhone.getByText("Early walks before work.")).toBeVisible();
  await robinPhone.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(robinPhone).toHaveURL(/\/login\?next=%2Fjoin%2F/);
  await robinPhone.getByLabel("Username").fill(robin.username);
  await robinPhone.getByLabel("Password").fill(robin.password);
  await robinPhone.getByRole("button", { name: /sign in|log in/i }).click();

  // Signed in, back on the invite: who is in it, the price against Robin's FitCoins, then Join.
  const joinCard = robinPhone.getByRole("region", { name: `Join ${name}` });
  await expect(joinCard).toBeVisible({ timeout: 15_000 });
  await expect(joinCard.getByRole("list", { name: "Members" })).toContainText(
    `${casey.firstName} ${casey.lastName}`,
  );
  await expect(joinCard.getByRole("list", { name: "Members" })).toContainText("Admin");
  await expect(joinCard.getByTestId("invite-entry-price")).toHaveText("15.00 FC");
  await expect(joinCard).toContainText("30.00 FC");
  await joinCard.getByRole("button", { name: "Join Group" }).click();
  await expect(robinPhone.getByText("Successfully Joined!")).toBeVisible();
  await expect(robinPhone).toHaveURL(/\/groups\/\d+$/, { timeout: 10_000 });
  const groupPath = new URL(robinPhone.url()).pathname;
  const pool = robinPhone.getByTestId("pool-balance");
  await expect(pool).toHaveText("30.00 FC");

  // Robin adds to the pool.
  await robinPhone.getByRole("button", { name: "Contribute to Pool" }).first().click();
  const contribute = robinPhone.getByRole("dialog", { name: "Contribute to the Pool" });
  await contribute.getByLabel("Amount (FC)").fill("600");
  await contribute.getByRole("button", { name: "Contribute" }).click();
  await expect(contribute.getByText("Amount must be between $1 and $500")).toBeVisible();
  await contribute.getByLabel("Amount (FC)").fill("7.5");
  await contribute.getByLabel("Description (optional)").fill("Coffee for the winner");
  await contribute.getByRole("button", { name: "Contribute" }).click();
  await expect(robinPhone.getByText("Contribution added to group pool!", { exact: true })).toBeVisible();
  await expect(pool).toHaveText("37.50 FC");

  // Robin writes in the chat first.
  const robinChat = await openChat(robinPhone, heading);
  await expect(robinChat.chat).toContainText("No messages yet. Start the conversation!");
  await robinChat.chat.getByPlaceholder("Type your message...").fill("  Hi team, I'm in!  ");
  await robinChat.chat.getByRole("button", { name: "Send message" }).click();
  await expect(robinChat.list.getByRole("listitem")).toHaveCount(1);
  await expect(robinChat.list).toContainText("You");

  // Casey's group page: Robin among the members and the contributions, the pool, the chat.
  await page.getByRole("link", { name: `View Group ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`${groupPath}$`));
  await expect(page.getByRole("list", { name: "Group members" })).toContainText(
    `${robin.firstName} ${robin.lastName}`,
  );
  await expect(page.getByTestId("pool-balance")).toHaveText("37.50 FC");
  // Every pay-in, latest first: Robin's contribution, then Robin's and Casey's entries.
  const paidIn = page.getByRole("list", { name: "Recent Contributions" }).getByRole("listitem");
  await expect(paidIn).toHaveCount(3);
  const contribution = paidIn.first();
  await expect(contribution).toContainText(`${robin.firstName} ${robin.lastName}`);
  await expect(contribution).toContainText("Coffee for the winner");
  await expect(contribution).toContainText("+7.50 FC");
  await expect(paidIn.nth(1)).toContainText("Entry fee");
  await expect(paidIn.nth(2)).toContainText(`${casey.firstName} ${casey.lastName}`);
  await expect(paidIn.nth(2)).toContainText("+15.00 FC");
  const caseyChat = await openChat(page, heading);
  await expect(caseyChat.list).toContainText("Hi team, I'm in!");
  await expect(caseyChat.list).toContainText(`${robin.firstName} ${robin.lastName}`);
  await caseyChat.chat.getByPlaceholder("Type your message...").fill("Welcome, Robin!");
  await caseyChat.chat.getByPlaceholder("Type your message...").press("Enter");
  await expect(caseyChat.list.getByRole("listitem")).toHaveCount(2);

  // Robin's open chat picks the answer up by polling.
  await expect(robinChat.list.getByRole("listitem").last()).toContainText("Welcome, Robin!", {
    timeout: 10_000,
  });
  await expect(robinChat.list.getByRole("listitem").last()).toContainText(
    `${casey.firstName} ${casey.lastName}`,
  );

  // Robin paid 15 to enter and 7.50 into the pool.
  await robinPhone.goto("/groups");
  await expect(robinPhone.getByTestId("groups-fitcoins")).toHaveText("7.50 FC");
});

test("a group's times are the member's profile zone on a phone set to another zone: 9:00 stays 9:00, an unchanged edit moves nothing", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminPhone(browser, testInfo);
  // The phone is set to Tokyo; the member's profile says New York.
  const page = await newPhone(browser, testInfo, { timezoneId: "Asia/Tokyo" });
  const v = await becomeActiveMember(page);
  const zone = "America/New_York";
  const profile = await callApi(page, "PATCH", "/api/user/profile", {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    timeZone: zone,
  });
  expect(profile.status).toBe(200);
  await grantFitcoins(admin, page, 40);
  // Two days ahead in New York, started at 9:00 there.
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  const name = `Zone Walkers ${suffix()}`;

  await page.goto("/groups");
  await page.getByRole("button", { name: "Create Group" }).click();
  const create = page.getByRole("dialog", { name: "Create Group" });
  await create.getByLabel("Group Name *").fill(name);
  await create.getByLabel("Schedule a group competition").check();
  await expect(create.getByTestId("create-group-time-zone")).toHaveText(
    `Times in ${zone} (your profile's time zone).`,
  );
  await create.getByLabel("Start Date *").fill(day);
  await create.getByLabel("Start Time *").fill("09:00");
  await create.getByRole("button", { name: "Create Group" }).click();
  await expect(create).toBeHidden();

  // The card and the group page say 9:00 in New York, not 23:00 in Tokyo.
  const mine = card(page.getByRole("region", { name: "My Groups" }), name);
  await expect(mine.getByTestId("window-start")).toContainText("9:00 AM");
  await mine.getByRole("link", { name: `View Group ${name}` }).click();
  const round = page.getByRole("region", { name: "Group Competition" });
  await expect(round.getByTestId("window-start")).toContainText("9:00 AM");
  await expect(round.getByTestId("window-start")).not.toContainText("11:00 PM");
  await expect(round.getByTestId("prize-split")).toContainText("50% / 30% / 20% to the top three walkers");
  const groupId = Number(new URL(page.url()).pathname.split("/").pop());
  const before = (
    await callApi<{ competitionStartDate: string; competitionEndDate: string }>(
      page,
      "GET",
      `/api/groups/${groupId}`,
    )
  ).body;

  // Edit Group pre-fills 9:00 in the profile's zone, says so, and an unchanged save moves nothing.
  await page.getByRole("button", { name: "Edit Group" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Group" });
  await expect(edit.getByLabel("Competition Start")).toHaveValue(`${day}T09:00`);
  await expect(edit.getByTestId("edit-group-time-zone")).toHaveText(
    `Times in ${zone} (your profile's time zone).`,
  );
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Group Updated", { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();
  const after = (
    await callApi<{ competitionStartDate: string; competitionEndDate: string }>(
      page,
      "GET",
      `/api/groups/${groupId}`,
    )
  ).body;
  expect(after.competitionStartDate).toBe(before.competitionStartDate);
  expect(after.competitionEndDate).toBe(before.competitionEndDate);
  await expect(round.getByTestId("window-start")).toContainText("9:00 AM");
});

test("a group's admin learns before trying that a group cannot be deleted while its round is under way", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminPhone(browser, testInfo);
  await becomeActiveMember(page);
  await grantFitcoins(admin, page, 40);
  const start = new Date(Date.now() + 2 * 3600_000).toISOString();
  const name = `Round Keepers ${suffix()}`;
  const created = await callApi<{ id: number }>(page, "POST", "/api/groups", {
    name,
    description: "",
    hasScheduledCompetition: true,
    competitionStartDate: start.slice(0, 10),
    competitionStartTime: start.slice(11, 16),
    competitionDuration: 1,
  });
  expect(created.status).toBe(201);
  await startRound(created.body.id);

  // Creating the group unlocked badges: their celebration is closed first.
  await openPastCelebration(page, `/groups/${created.body.id}`);
  await page.getByRole("button", { name: "Delete Group" }).click();
  const notice = page.getByRole("dialog", { name: "Delete Group" });
  await expect(notice).toContainText("This group's round is under way");
  await expect(notice).toContainText("The round ends");
  // Nothing to confirm: only Close.
  await expect(notice.getByRole("button", { name: "Delete Group" })).toHaveCount(0);
  await notice.getByRole("button", { name: "Close" }).first().click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  // The server holds to the same rule.
  const refused = await callApi<{ message: string }>(page, "DELETE", `/api/groups/${created.body.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain("can't be deleted until the round has finished");
});
