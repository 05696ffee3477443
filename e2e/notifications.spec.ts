import { adminPhone, callApi, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";
import { newVisitor } from "./support/users";

test("a member sees the bell's count, opens Notifications and follows one to where it points", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = suffix();
  const admin = await adminPhone(browser, testInfo);

  // Casey runs a group; Robin joins it by its invite on another phone: Casey is told.
  await becomeActiveMember(page);
  await grantFitcoins(admin, page, 40);
  const created = await callApi<{ id: number; inviteCode: string }>(page, "POST", "/api/groups", {
    name: `Test Night Owls ${id}`,
    description: "Late walkers",
  });
  expect(created.status).toBe(201);
  const robinPhone = await newPhone(browser, testInfo);
  await becomeActiveMember(robinPhone, { ...newVisitor(), firstName: "Robin", lastName: `Owl${id}` });
  await grantFitcoins(admin, robinPhone, 40);
  const joined = await callApi(robinPhone, "POST", `/api/groups/join/${created.body.inviteCode}`);
  expect(joined.status).toBe(200);

  // The bell's count arrives with the next poll (a reload here rather than a minute's wait). The
  // group's badges, unlocked on load, are news too: Casey has three.
  await page.goto("/");
  await page.getByRole("button", { name: "Awesome!" }).click();
  const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications, 3 unread$/ });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId("unread-count")).toHaveText("3");
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const item = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("link", { name: new RegExp(`Robin Owl${id} joined Test Night Owls ${id}`) });
  await expect(item).toContainText("joined your group by its invite link");
  await expect(item).toContainText("Unread");
  await page.screenshot({ path: testInfo.outputPath("notifications-390.png"), fullPage: true });

  await expect(page.getByRole("list", { name: "Notifications" }).getByRole("link")).toHaveCount(3);

  // Following it opens the group; it is read, the bell counts one less.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/groups/${created.body.id}$`));
  await expect(page.getByRole("heading", { name: `Test Night Owls ${id}` })).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("unread-count")).toHaveText("2");

  // The page lists it as read, with the preferences beside it; the slide-out menu leads there too.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Notifications" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("list", { name: "Notifications" }).getByText("Unread")).toHaveCount(2);
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("list", { name: "Notifications" }).getByText("Unread")).toHaveCount(0);
  // It stays where it is, disabled, with nothing left unread.
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await expect(page.getByRole("banner").getByTestId("unread-count")).toHaveCount(0);
  await expect(
    page.getByRole("checkbox", { name: "Competition starts in one hour: email" }),
  ).not.toBeChecked();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("notifications-1280.png"), fullPage: true });
});
