import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

// The shared dialogs (components/ui/dialog.tsx and the confirm, form and notice dialogs built on it,
// one file: dialog-*.js) are not part of a member screen's first load when the screen only offers one
// (components/lazy-dialogs.ts): they arrive a few seconds after the screen, or when one opens.

const DIALOG_FILE = /\/assets\/dialog-[\w-]+\.js$/;

/**
 * Opens `path` in a fresh browser (an empty cache) signed in as the member of `page`, and answers
 * the new page and whether the dialogs' file was asked for while the screen loaded (until `shows`
 * is visible: the page's preloads are asked for long before; the dialogs' own load starts a few
 * seconds after the screen shows).
 */
async function coldScreen(page: Page, path: string, shows: (p: Page) => ReturnType<Page["getByRole"]>) {
  const state = await page.context().storageState();
  const context = await page.context().browser()?.newContext({ storageState: state });
  if (!context) throw new Error("no browser");
  const fresh = await context.newPage();
  const asked: string[] = [];
  fresh.on("request", (request) => {
    if (DIALOG_FILE.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await fresh.goto(path);
  await expect(shows(fresh)).toBeVisible();
  return { fresh, askedWhileLoading: [...asked], asked, close: () => context.close() };
}

test("a member screen that offers a dialog loads its code only when needed, and the dialog opens and closes as before", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await becomeActiveMember(page);

  // The phone dashboard's tracking help.
  const dashboard = await coldScreen(page, "/", (p) => p.getByRole("button", { name: "How tracking works" }));
  try {
    expect(dashboard.askedWhileLoading, "the dialogs' file in the dashboard's first load").toEqual([]);
    const help = dashboard.fresh.getByRole("button", { name: "How tracking works" });
    await help.click();
    const dialog = dashboard.fresh.getByRole("dialog", { name: "How step tracking works" });
    await expect(dialog).toBeVisible();
    await dashboard.fresh.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(help).toBeFocused();
    expect(dashboard.asked.length, "the dialogs' file once it was needed").toBeGreaterThan(0);
  } finally {
    await dashboard.close();
  }

  // The profile's confirmations (here: cancelling the subscription, kept).
  const profile = await coldScreen(page, "/profile", (p) =>
    p.getByRole("button", { name: "Cancel Subscription" }),
  );
  try {
    expect(profile.askedWhileLoading, "the dialogs' file in the profile's first load").toEqual([]);
    const cancel = profile.fresh.getByRole("button", { name: "Cancel Subscription" });
    await cancel.click();
    const confirm = profile.fresh.getByRole("dialog", { name: "Cancel your subscription?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Keep Subscription" }).click();
    await expect(confirm).toBeHidden();
    // Opened by a button of the screen's (no trigger of the dialog's own): focus is back on it.
    await expect(cancel).toBeFocused();
  } finally {
    await profile.close();
  }
});
