import { signInAsAdmin } from "./support/admin";
import { seriousViolations } from "./support/axe";
import { adminPhone, createCompetition, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import {
  chatMessages,
  joinByApi,
  openCompetitionChat,
  openSafety,
  postByApi,
  TINY_PNG,
} from "./support/members";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor, register } from "./support/users";

/** The avatar button in the phone's top bar (the desktop header is hidden at phone size). */
function headerAvatar(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: "Open user menu" }).filter({ visible: true });
}

test("a member uploads an avatar on the profile and sees it in the header; a renamed text file is refused", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await openPastCelebration(page, "/profile");
  await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();

  // No picture yet: the header shows the initials.
  const avatar = headerAvatar(page);
  await expect(avatar).toContainText("CW");
  await expect(avatar.locator("img")).toHaveCount(0);

  const input = page.getByTestId("profile-image-input");
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(page.getByText("Profile Picture Updated", { exact: true })).toBeVisible();
  await expect(avatar.locator("img")).toHaveAttribute(
    "src",
    /^\/api\/user\/profile-image\/\d+\/[0-9a-f]{20}\.webp$/,
  );
  const src = await avatar.locator("img").getAttribute("src");
  // The image loads (a broken one would fall back to the initials).
  await expect
    .poll(() => avatar.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(avatar).not.toContainText("CW");

  // It stays after a reload, on the profile card too.
  await page.reload();
  await expect(headerAvatar(page).locator("img")).toHaveAttribute("src", src ?? "");
  await expect(page.getByRole("main").locator(`img[src="${src}"]`)).toBeVisible();

  // A text file renamed to .png: the browser types it image/png, so the server judges the bytes.
  await input.setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("Shopping list: shoes, socks, water bottle.\n"),
  });
  await expect(page.getByText("Upload Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Please select an image file.", { exact: true })).toBeVisible();
  // A file that is not an image by its type is refused before any upload.
  let uploads = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/user/profile-image") && r.method() === "POST") uploads += 1;
  });
  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Shopping list: shoes, socks, water bottle.\n"),
  });
  await expect(page.getByText("Invalid File", { exact: true })).toBeVisible();
  expect(uploads).toBe(0);
  // The avatar is unchanged.
  await expect(headerAvatar(page).locator("img")).toHaveAttribute("src", src ?? "");
});

test("a member blocks another on the safety page: their chat messages are hidden both ways until unblocked", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminPhone(browser, testInfo);
  const name = `Quiet Walkers ${suffix()}`;
  const competition = await createCompetition(admin, { name, entryFee: null, startInMinutes: 60 });
  await admin.context().close();

  const other = await newPhone(browser, testInfo);
  const robin = await becomeActiveMember(other, { ...newVisitor(), firstName: "Robin", lastName: "Loud" });
  await becomeActiveMember(page);
  await joinByApi(page, competition.id);
  await joinByApi(other, competition.id);
  await postByApi(page, competition.id, "Casey here, morning loop?");
  await postByApi(other, competition.id, "Robin says hi!");

  // Both see both messages.
  const caseyChat = await openCompetitionChat(page, name);
  const robinChat = await openCompetitionChat(other, name);
  const caseyList = chatMessages(caseyChat, name);
  const robinList = chatMessages(robinChat, name);
  await expect(caseyList.getByRole("listitem")).toHaveCount(2);
  await expect(caseyList).toContainText("Robin says hi!");
  await expect(robinList).toContainText("Casey here, morning loop?");

  // Casey blocks Robin by username; an empty username is refused first.
  await openSafety(page);
  await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
  await page.getByRole("button", { name: "Block User" }).click();
  const dialog = page.getByRole("dialog", { name: "Block User" });
  await dialog.getByRole("button", { name: "Block User" }).click();
  await expect(page.getByText("Username Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter a username to block", { exact: true })).toBeVisible();
  // An unknown username: the server's reason under 'Block Failed', the dialog stays open.
  await dialog.getByLabel("Username").fill(`nobody${suffix()}`);
  await dialog.getByRole("button", { name: "Block User" }).click();
  await expect(page.getByText("Block Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("No member with that username", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Username").fill(robin.username);
  await dialog.getByLabel("Reason (optional)").fill("Too chatty before sunrise.");
  await dialog.getByRole("button", { name: "Block User" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("User Blocked", { exact: true })).toBeVisible();
  await expect(
    page.getByText("This user has been blocked and won't be able to contact you.", { exact: true }),
  ).toBeVisible();
  const blocked = page.getByRole("list", { name: "Blocked users" }).getByRole("listitem");
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText("Robin Loud");
  await expect(blocked).toContainText(`@${robin.username}`);
  await expect(blocked).toContainText("Too chatty before sunrise.");

  // Casey no longer sees Robin's message; Robin's open chat drops Casey's on its next poll.
  const caseyAgain = await openCompetitionChat(page, name);
  const caseyListAgain = chatMessages(caseyAgain, name);
  await expect(caseyListAgain.getByRole("listitem")).toHaveCount(1);
  await expect(caseyListAgain).toContainText("Casey here, morning loop?");
  await expect(caseyListAgain).not.toContainText("Robin says hi!");
  await expect(robinList).not.toContainText("Casey here, morning loop?", { timeout: 15_000 });
  await expect(robinList.getByRole("listitem")).toHaveCount(1);
  await expect(robinList).toContainText("Robin says hi!");

  // Unblocked, both see both again.
  await openSafety(page);
  await page.getByRole("button", { name: `Unblock ${robin.username}` }).click();
  await expect(page.getByText("User Unblocked", { exact: true })).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
  const caseyLast = chatMessages(await openCompetitionChat(page, name), name);
  await expect(caseyLast.getByRole("listitem")).toHaveCount(2);
  await expect(caseyLast).toContainText("Robin says hi!");
  await expect(robinList).toContainText("Casey here, morning loop?", { timeout: 15_000 });
  await other.context().close();
});

test("a member reports another on the safety page; the admin sees it in the Reports queue and marks it reviewed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const other = await newPhone(browser, testInfo);
  const dana = await becomeActiveMember(other, { ...newVisitor(), firstName: "Dana", lastName: "Spammer" });
  await other.context().close();
  const casey = await becomeActiveMember(page);

  await openSafety(page);
  await page.getByRole("button", { name: "Report User" }).click();
  const dialog = page.getByRole("dialog", { name: "Report User" });
  // Username and reason are both required.
  await dialog.getByLabel("Username").fill(dana.username);
  await dialog.getByRole("button", { name: "Submit Report" }).click();
  await expect(page.getByText("Missing Information", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter a username and select a reason", { exact: true })).toBeVisible();
  await dialog.getByLabel("Reason").selectOption({ label: "Spam or Unwanted Content" });
  // Reporting yourself is refused with the server's reason.
  await dialog.getByLabel("Username").fill(casey.username);
  await dialog.getByRole("button", { name: "Submit Report" }).click();
  await expect(page.getByText("Report Failed", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Failed to submit report: You cannot report yourself", { exact: true }),
  ).toBeVisible();
  await dialog.getByLabel("Username").fill(dana.username);
  await dialog.getByLabel("Description (optional)").fill("Posts shoe adverts in every chat.");
  await dialog.getByRole("button", { name: "Submit Report" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Report Submitted", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Thank you for reporting this user. Our team will review it.", { exact: true }),
  ).toBeVisible();

  const admin = await adminPhone(browser, testInfo);
  await openPastCelebration(admin, "/admin");
  const queue = admin.getByRole("list", { name: "Reports" });
  const report = queue.getByRole("listitem").filter({ hasText: `@${dana.username}` });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText("Dana Spammer");
  await expect(report).toContainText("Spam or Unwanted Content");
  await expect(report).toContainText("Posts shoe adverts in every chat.");
  await expect(report).toContainText(`Reported by @${casey.username}`);
  await report.getByRole("button", { name: `Mark ${dana.username} reviewed` }).click();
  await expect(
    admin.getByText(`The report about @${dana.username} is reviewed.`, { exact: true }),
  ).toBeVisible();
  await expect(report).toHaveCount(0);
  // Still gone after a reload, once the queue has loaded.
  await admin.reload();
  await expect(
    admin.getByText("No reports are waiting for review.").or(admin.getByRole("list", { name: "Reports" })),
  ).toBeVisible();
  await expect(report).toHaveCount(0);
  await admin.context().close();
});

test("a chat message is reported from its menu and deleted by its author; the admin sees its text in the Reports queue; a member is blocked from their name in the standings", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminPhone(browser, testInfo);
  const name = `Loud Walkers ${suffix()}`;
  const competition = await createCompetition(admin, { name, entryFee: null, startInMinutes: 60 });
  const other = await newPhone(browser, testInfo);
  const robin = await becomeActiveMember(other, { ...newVisitor(), firstName: "Robin", lastName: "Loud" });
  const casey = await becomeActiveMember(page);
  await joinByApi(page, competition.id);
  await joinByApi(other, competition.id);
  await postByApi(other, competition.id, "Cheap shoes at shoes.example!");

  // Casey reports Robin's message from its menu (someone else's message: no Delete).
  const caseyChat = await openCompetitionChat(page, name);
  const caseyList = chatMessages(caseyChat, name);
  await expect(caseyList).toContainText("Cheap shoes at shoes.example!");
  await caseyList.getByRole("button", { name: "Options for Robin Loud's message" }).click();
  await expect(page.getByRole("menuitem", { name: "Block Robin Loud" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Delete message" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("menuitem", { name: "Report message" }).click();
  const reportDialog = page.getByRole("dialog", { name: "Report message" });
  await reportDialog.getByLabel("Reason").selectOption({ label: "Spam or Unwanted Content" });
  await reportDialog.getByLabel("Description (optional)").fill("Adverts in the race chat.");
  await reportDialog.getByRole("button", { name: "Submit Report" }).click();
  await expect(reportDialog).toBeHidden();
  await expect(
    page.getByText("Thank you for reporting this message. Our team will review it.", { exact: true }),
  ).toBeVisible();

  // Robin deletes their own message, asked first: it is gone for both.
  const robinChat = await openCompetitionChat(other, name);
  await chatMessages(robinChat, name).getByRole("button", { name: "Options for your message" }).click();
  await expect(other.getByRole("menuitem", { name: "Report message" })).toHaveCount(0);
  await other.getByRole("menuitem", { name: "Delete message" }).click();
  const confirm = other.getByRole("dialog", { name: "Delete message?" });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(robinChat.getByText("No messages yet")).toBeVisible();
  await expect(caseyChat.getByText("No messages yet")).toBeVisible({ timeout: 15_000 });

  // The admin's Reports queue shows the message's text (kept after the deletion) and its room.
  await openPastCelebration(admin, "/admin");
  const report = admin
    .getByRole("list", { name: "Reports" })
    .getByRole("listitem")
    .filter({ hasText: `@${robin.username}` });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText("Cheap shoes at shoes.example!");
  await expect(report).toContainText(`Competition chat · ${name} · deleted`);
  await expect(report).toContainText("Adverts in the race chat.");
  await expect(report).toContainText(`Reported by @${casey.username}`);
  await admin.context().close();

  // Casey blocks Robin from Robin's name in the competition's standings.
  const board = page.getByRole("list", { name: `${name} leaderboard` });
  await board.getByRole("button", { name: "Robin Loud: block or report" }).click();
  await expect(page.getByRole("menuitem", { name: "Report Robin Loud" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Block Robin Loud" }).click();
  const blockDialog = page.getByRole("dialog", { name: "Block Robin Loud?" });
  await blockDialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(blockDialog).toBeHidden();
  await expect(page.getByText("User Blocked", { exact: true })).toBeVisible();
  // Robin's next message is hidden from Casey; the Safety page lists the block.
  await postByApi(other, competition.id, "Anyone there?");
  await expect(chatMessages(robinChat, name)).toContainText("Anyone there?", { timeout: 15_000 });
  const caseyAgain = await openCompetitionChat(page, name);
  await expect(caseyAgain.getByText("No messages yet")).toBeVisible();
  await openSafety(page);
  await expect(page.getByRole("list", { name: "Blocked users" })).toContainText("Robin Loud");
  await other.context().close();
});

test("a member deletes their account from the danger zone: told what they hold, signed out, the old password no longer works", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const v = await becomeActiveMember(page);
  const admin = await adminPhone(browser, testInfo);
  await grantFitcoins(admin, page, 25);
  await admin.context().close();

  await openPastCelebration(page, "/profile");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("This cannot be undone.");
  const summary = dialog.getByTestId("delete-account-summary");
  await expect(summary).toContainText("You still hold:");
  await expect(summary).toContainText("Wallet balance: $0.00");
  await expect(summary).toContainText("FitCoins: 25.00 FC");
  await expect(summary).toContainText("These balances are lost and are not refunded.");

  // Cancel keeps everything.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Delete Account" }).click();
  // The password says it is the member (issue 32).
  await dialog.getByLabel("Your password").fill(v.password);
  const loggedOut = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/logout");
  const started = Date.now();
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByText("Account Deleted", { exact: true }).first()).toBeVisible();
  await loggedOut;
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  // Signed out on the landing page.
  await expect(page).toHaveURL((url) => url.pathname === "/" || url.pathname === "/login");
  await expect(page.getByRole("link", { name: /Start Competing Now|Sign In|Log In/i }).first()).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Profile" })).toHaveCount(0);

  await page.goto("/login");
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Password", { exact: true }).fill(v.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page.getByText("Login Failed", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the admin finds a member, adds FitCoins, marks test accounts (asked first, undoable) and deletes them, keeping one who holds money until ticked", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const member = await newPhone(browser, testInfo);
  const jo = await becomeActiveMember(member, { ...newVisitor(), firstName: "Jo", lastName: "Tester" });
  await member.context().close();
  // Two sign-ups who never subscribed: nothing at stake.
  const signUp = async (firstName: string, lastName: string) => {
    const phone = await newPhone(browser, testInfo);
    const v = { ...newVisitor(), firstName, lastName };
    await register(phone, v);
    await phone.context().close();
    return v;
  };
  const kim = await signUp("Kim", "Clean");
  const lee = await signUp("Lee", "Single");

  await signInAsAdmin(page);
  await openPastCelebration(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  // Find Users by username; picking the result selects them for Add FitCoins.
  await page.getByLabel("Username, email or name").fill(jo.username);
  const results = page.getByRole("list", { name: "Search results" });
  const found = results.getByRole("button", { name: new RegExp(jo.username) });
  await expect(found).toContainText(jo.email);
  await expect(found).toContainText("0.00 FC");
  await expect(found).toContainText("Active");
  await found.click();
  await expect(found).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`Jo Tester (@${jo.username})`)).toBeVisible();

  // A zero amount is refused; 15 is added and the result shows it.
  const amount = page.getByLabel("Amount (FitCoins)");
  await amount.fill("0");
  await page.getByRole("button", { name: "Add FitCoins" }).click();
  await expect(page.getByText("Please select a user and enter a valid amount")).toBeVisible();
  await amount.fill("15");
  // The reason is required (issue 23): it is the member's history line.
  await page.getByRole("button", { name: "Add FitCoins" }).click();
  await expect(page.getByText("A reason is required")).toBeVisible();
  await page.getByLabel("Reason", { exact: true }).fill("Welcome bonus");
  await page.getByRole("button", { name: "Add FitCoins" }).click();
  await expect(page.getByText("FitCoins Added", { exact: true })).toBeVisible();
  await expect(amount).toHaveValue("");
  await expect(found).toContainText("15.00 FC");

  // All Users: subscribed, not yet a test account.
  const allUsers = page.getByRole("list", { name: "All users" });
  const rowOf = (username: string) => allUsers.getByRole("listitem").filter({ hasText: `@${username}` });
  const row = rowOf(jo.username);
  const testBadge = row.getByText("Test", { exact: true });
  await expect(row).toContainText("Subscribed");
  await expect(row).toContainText("15.00 FC");
  await expect(testBadge).toHaveCount(0);
  // Mark as Test asks first; Cancel changes nothing. Each row's buttons name the member they act on.
  const markButton = row.getByRole("button", { name: `Mark as Test @${jo.username}`, exact: true });
  const markDialog = page.getByRole("dialog", { name: "Mark as Test Account" });
  await markButton.click();
  await expect(markDialog).toContainText(`Mark Jo Tester (@${jo.username}) as a test account?`);
  await expect(markDialog).toContainText("Unmark Test undoes this.");
  await markDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(markDialog).toBeHidden();
  await expect(testBadge).toHaveCount(0);
  // Confirmed, the member is a test account.
  await markButton.click();
  await markDialog.getByRole("button", { name: "Mark as Test" }).click();
  await expect(markDialog).toBeHidden();
  await expect(page.getByText("Marked as Test", { exact: true })).toBeVisible();
  await expect(testBadge).toBeVisible();
  await expect(markButton).toHaveCount(0);
  // Undo: Unmark Test makes them an ordinary member again.
  await row.getByRole("button", { name: `Unmark Test @${jo.username}`, exact: true }).click();
  await expect(page.getByText("Test Mark Removed", { exact: true })).toBeVisible();
  await expect(testBadge).toHaveCount(0);
  await expect(markButton).toBeVisible();
  // Jo, Kim and Lee marked for good.
  for (const who of [jo, kim, lee]) {
    await rowOf(who.username)
      .getByRole("button", { name: `Mark as Test @${who.username}`, exact: true })
      .click();
    await markDialog.getByRole("button", { name: "Mark as Test" }).click();
    await expect(markDialog).toBeHidden();
    await expect(rowOf(who.username).getByText("Test", { exact: true })).toBeVisible();
  }
  // The admin's own row can be neither marked nor deleted.
  const adminRow = rowOf("e2eadmin");
  if ((await adminRow.count()) > 0) {
    await expect(adminRow.getByRole("button")).toHaveCount(0);
  }

  // Test Account Management lists them with what they hold; deleting one asks first.
  const tests = page.getByRole("list", { name: "Test accounts" });
  const testRow = (username: string) => tests.getByRole("listitem").filter({ hasText: `@${username}` });
  await expect(testRow(jo.username)).toContainText("active subscription · holds 15.00 FC");
  await tests.getByRole("button", { name: `Delete @${lee.username}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete User" });
  await expect(confirm).toContainText(`Delete Lee Single (@${lee.username})?`);
  await confirm.getByRole("button", { name: "Delete User" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("User Deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `@${lee.username}` })).toHaveCount(0);

  // Delete All names whom it deletes, and keeps Jo (subscribed, holding FitCoins) unless ticked.
  const deleteAll = page.getByRole("dialog", { name: "Delete All Test Accounts" });
  await page.getByRole("button", { name: "Delete All Test Accounts" }).click();
  const toDelete = deleteAll.getByRole("list", { name: "Test accounts to delete" });
  const kept = deleteAll.getByRole("list", { name: "Test accounts kept" });
  await expect(toDelete).toContainText(`Kim Clean @${kim.username}`);
  await expect(toDelete).not.toContainText(jo.username);
  const joKept = kept.getByRole("listitem").filter({ hasText: `@${jo.username}` });
  await expect(joKept).toContainText("active subscription · holds 15.00 FC");
  const joAnyway = joKept.getByRole("checkbox", {
    name: new RegExp(`^Delete anyway Jo Tester\\s*@${jo.username}$`),
  });
  await expect(joAnyway).not.toBeChecked();
  await deleteAll.getByRole("button", { name: /^Delete \d+ Test Accounts?$/ }).click();
  await expect(deleteAll).toBeHidden();
  await expect(page.getByText("Test Accounts Deleted", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Deleted 1 test account; kept 1 with a subscription or a balance", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `@${kim.username}` })).toHaveCount(0);
  await expect(testRow(jo.username)).toHaveCount(1);
  await expect(page.getByText(`Jo Tester (@${jo.username})`)).toBeVisible();

  // Ticked, Jo goes too.
  await page.getByRole("button", { name: "Delete All Test Accounts" }).click();
  await expect(toDelete).toHaveCount(0);
  await expect(deleteAll.getByText("No test account without a subscription or a balance.")).toBeVisible();
  await expect(deleteAll.getByRole("button", { name: "Delete 0 Test Accounts" })).toBeDisabled();
  await joAnyway.check();
  await deleteAll.getByRole("button", { name: "Delete 1 Test Account", exact: true }).click();
  await expect(deleteAll).toBeHidden();
  await expect(page.getByText("Deleted 1 test account", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `@${jo.username}` })).toHaveCount(0);
  await expect(page.getByText("No test accounts. Mark one as test in All Users.")).toBeVisible();
  // Add FitCoins no longer offers the deleted member.
  await expect(page.getByText(`Jo Tester (@${jo.username})`)).toHaveCount(0);
});
