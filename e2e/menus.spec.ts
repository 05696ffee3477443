import type { Browser, TestInfo } from "@playwright/test";
import { newPhone } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/**
 * Issue 32 item 10: the header's menus (and the menus on names and chat messages) draw a plain
 * button on a page's first load; their code (Radix's menu, Floating UI) arrives on the way to the
 * first one opened. Opening, the keyboard and the focus behave as a menu button's should.
 */
test("the account menu is a plain button on the first load, opens on a tap or from the keyboard, and gives the focus back", async ({
  page,
}) => {
  await becomeActiveMember(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/competitions");
  const avatar = page.getByRole("banner").getByRole("button", { name: "Open user menu" });
  await expect(avatar).toBeVisible();
  // What the first load fetched, taken as soon as the header shows (the screen warms the menu's
  // code a few seconds later).
  const firstLoad = [...scripts];
  await expect(avatar).toHaveAttribute("aria-haspopup", "menu");
  await expect(avatar).toHaveAttribute("aria-expanded", "false");
  // Radix's trigger marks its state and names the menu it controls; the stand-in does neither.
  await expect(avatar).not.toHaveAttribute("data-state", /.*/);
  expect(
    firstLoad.filter((path) => /\/(dropdown-menu|user-menu-popup)-/.test(path)),
    "the menu's code was not part of the first load",
  ).toEqual([]);

  // A tap opens it at once (its code loads on the way), with the member's name and both items.
  await avatar.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
  // Escape closes it and the focus is back on the account button, now Radix's own.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  const trigger = page.getByRole("banner").getByRole("button", { name: "Open user menu" });
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // From the keyboard on a fresh load, as Radix's own trigger does: Enter opens it with the focus
  // on its first item, the arrows move through it, Enter follows the item.
  await page.reload();
  await page.getByRole("banner").getByRole("button", { name: "Open user menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("menu")).toBeHidden();
});

test("on a laptop, More opens its pages on the first click and the focus comes back to it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await becomeActiveMember(page);
  await page.goto("/competitions");
  const more = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" });
  await expect(more).toBeVisible();
  await expect(more).not.toHaveAttribute("data-state", /.*/);
  await more.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Redeem" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }),
  ).toBeFocused();
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Redeem" }).click();
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(page.getByRole("heading", { name: "Redeem FitCoins", level: 1 })).toBeVisible();
});

/**
 * A new member on /groups, in a browser without the service worker (whose cache would hand the code
 * over offline); `before` runs before the page loads. Gives the page and its Create Group button.
 */
async function memberOnGroups(
  browser: Browser,
  testInfo: TestInfo,
  before: (page: Page) => Promise<unknown> = async () => undefined,
) {
  const page = await newPhone(browser, testInfo, { serviceWorkers: "block" });
  await becomeActiveMember(page);
  await before(page);
  await page.goto("/groups");
  const create = page.getByRole("button", { name: "Create Group" });
  await expect(create).toBeVisible();
  return { page, create };
}

/**
 * A dialog's code arrives when it first opens: if the connection drops on the way, the page stays as
 * it was and says the connection failed, and the next tap, back online, opens the dialog. The toast
 * that says so is the session's first: its own code was warmed while the phone was online, since it
 * could not be fetched now.
 */
test("a dialog whose code cannot be fetched says the connection failed and leaves the page; the next tap opens it", async ({
  browser,
}, testInfo) => {
  const dialogCode = /\/assets\/create-group-dialog-[^/]*\.js$/;
  const { page, create } = await memberOnGroups(browser, testInfo, (page) =>
    // The dialog's code never arrives (its warm-up fails too, quietly).
    page.route(dialogCode, (route) => route.abort("internetdisconnected")),
  );
  // No toast has shown yet: the toasts' code comes a few seconds after the screen, while the phone
  // is online. This page asked for it (its own resource entry), and it has run with what it imports.
  const toasterUrl = await page.evaluate(
    () =>
      new Promise<string>((found) => {
        const look = () => {
          const entry = performance
            .getEntriesByType("resource")
            .find((e) => /\/assets\/toaster-[^/]*\.js$/.test(e.name));
          if (entry) found(entry.name);
          else window.setTimeout(look, 100);
        };
        look();
      }),
  );
  await page.evaluate(async (url) => {
    await import(url);
  }, toasterUrl);
  await page.context().setOffline(true);
  await page.unroute(dialogCode);
  await create.click();
  await expect(page.getByText("Connection Error", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Create Group" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.context().setOffline(false);
  await create.click();
  await expect(page.getByRole("dialog", { name: "Create Group" })).toBeVisible();
  await page
    .getByRole("dialog", { name: "Create Group" })
    .getByLabel(/group name/i)
    .fill("Back Online Walkers");
  await expect(page.getByRole("dialog", { name: "Create Group" }).getByLabel(/group name/i)).toHaveValue(
    "Back Online Walkers",
  );
});

test("a screen whose code cannot be fetched says the connection failed, and Retry back online opens it", async ({
  browser,
}, testInfo) => {
  const { page } = await memberOnGroups(browser, testInfo);
  await page.context().setOffline(true);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Notifications/ })
    .click();
  await expect(page.getByRole("heading", { name: "Connection Error" })).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
});

test("a code file that fails online reloads the page only when the server has a new release", async ({
  browser,
}, testInfo) => {
  // The dialog's code never arrives: first a dropped request on a connection the phone thinks is up.
  const { page, create } = await memberOnGroups(browser, testInfo, (page) =>
    page.route(/\/assets\/create-group-dialog-[^/]*\.js$/, (route) => route.abort("connectionfailed")),
  );
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const stillHere = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  await create.click();
  await expect(page.getByText("Connection Error", { exact: true })).toBeVisible();
  // The server still serves this release: the page stays, with what was on it.
  await page.waitForTimeout(1_000);
  expect(await stillHere()).toBe(true);

  // Then a release replaces the files: the server's page names another entry script.
  await page.route(/\/\?release-check=/, async (route) => {
    const html = await (await route.fetch()).text();
    await route.fulfill({
      body: html.replace(/src="\/assets\/index-[^"]+\.js"/, 'src="/assets/index-next-release.js"'),
      contentType: "text/html",
    });
  });
  const reloaded = page.waitForEvent("load");
  await create.click();
  await reloaded;
  expect(await stillHere()).toBe(false);
  await expect(page.getByRole("button", { name: "Create Group" })).toBeVisible();
});
