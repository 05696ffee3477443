import { signInAsAdmin } from "./support/admin";
import { callApi, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";

/*
 * Advertising (specification 3: ad manager, dashboard ad slot). The journeys' ads get the top
 * priority (1000) so they show first in the slot, and are switched off or deleted at the end so
 * other journeys' slots are not affected.
 */

interface AdRow {
  id: number;
  title: string;
  isActive: boolean;
  viewCount: number;
  clickCount: number;
}

async function adsByTitle(admin: Page, titles: string[]): Promise<AdRow[]> {
  const all = await callApi<AdRow[]>(admin, "GET", "/api/ads");
  expect(all.status).toBe(200);
  return titles.map((title) => {
    const row = all.body.find((a) => a.title === title);
    if (!row) throw new Error(`No ad titled ${title}`);
    return row;
  });
}

/** Switches the journey's ads off, whatever happened before (best effort). */
async function switchOff(admin: Page, ids: number[]): Promise<void> {
  if (ids.length > 0) await callApi(admin, "POST", "/api/ads/bulk-toggle", { ids, isActive: false });
}

const slotOf = (page: Page) => page.getByRole("complementary", { name: "Advertisement" });
const viewOf = (page: Page, id: number) =>
  page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/api/ads/${id}/view`));

test("the admin creates an ad through the form, a member sees it on the dashboard and opens it; members are refused the manager", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Trail Shoes ${suffix()}`;
  await signInAsAdmin(page);
  await page.goto("/ads-admin");
  await expect(page.getByRole("heading", { name: "Ad Manager", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Manage Advertisements/, level: 2 })).toBeVisible();

  // Title and content are required; the link may come without a scheme.
  await page.getByRole("button", { name: "New Ad" }).click();
  const create = page.getByRole("dialog", { name: "Create Advertisement" });
  await expect(create.getByLabel("Placement")).toHaveValue("dashboard");
  await create.getByLabel("Content *").fill("Grip for every hill, from the park to the peak.");
  await create.getByRole("button", { name: "Create Ad" }).click();
  await expect(create.getByText("Title is required")).toBeVisible();
  await create.getByLabel("Title *").fill(title);
  await create.getByLabel("Link URL").fill("shoes.example/trail");
  await create.getByLabel("Priority").fill("1000");
  await create.getByRole("button", { name: "Create Ad" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText("Advertisement created successfully!", { exact: true })).toBeVisible();
  await expect(page.getByText("Your ad is now live in the app.", { exact: true })).toBeVisible();
  const row = page.getByRole("article", { name: title });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Priority 1000");
  await expect(row).toContainText("https://shoes.example/trail");
  const [created] = await adsByTitle(page, [title]);

  // Edit: the form starts from the ad; the new text is saved.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Advertisement" });
  await expect(edit.getByLabel("Title *")).toHaveValue(title);
  await expect(edit.getByLabel("Priority")).toHaveValue("1000");
  await edit.getByLabel("Content *").fill("Grip for every hill, now in wide fits.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Advertisement updated successfully!", { exact: true })).toBeVisible();
  await expect(row).toContainText("now in wide fits");

  try {
    const member = await newPhone(browser, testInfo);
    await becomeActiveMember(member);
    const slot = slotOf(member);
    await expect(slot).toContainText("Sponsored");
    await expect(slot).toContainText(title);
    await expect(slot).toContainText("now in wide fits");

    // Opening the ad counts a click and opens its link in a new tab.
    await member.context().route("https://shoes.example/**", (r) => r.fulfill({ body: "Trail shoes" }));
    const clicked = member.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/ads/${created.id}/click`),
    );
    const popup = member.context().waitForEvent("page");
    const link = slot.getByRole("link", { name: new RegExp(title) });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await link.click();
    await clicked;
    await expect.poll(async () => (await popup).url()).toBe("https://shoes.example/trail");
    expect(await (await popup).evaluate(() => window.opener)).toBeNull();

    await member.goto("/ads-admin");
    await expect(
      member.getByText("Access Denied: You need admin privileges to access this page."),
    ).toBeVisible();
    await expect(member.getByRole("button", { name: "New Ad" })).toHaveCount(0);
    await member.context().close();

    // The admin sees the counts, then switches the ad off with the bulk action.
    await page.reload();
    await expect(row.getByTestId("ad-stats")).toContainText(/[1-9]\d* views? · 1 click/);
    await row.getByRole("checkbox", { name: `Select ${title}` }).click();
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("1 advertisement deactivated", { exact: true })).toBeVisible();
    await expect(row).toContainText("Inactive");
  } finally {
    await switchOff(page, [created.id]);
  }
});

test("the dashboard slot rotates two ads every 10 s, counting a view for each; the admin deletes both", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = suffix();
  const titles = [`Smoothie Bar ${tag}`, `Yoga Mats ${tag}`];
  await signInAsAdmin(page);
  for (const title of titles) {
    const created = await callApi(page, "POST", "/api/ads", {
      title,
      content: `${title}: for the journeys.`,
      placement: "dashboard",
      priority: 1000,
    });
    expect(created.status).toBe(201);
  }
  const [first, second] = await adsByTitle(page, titles);

  try {
    const member = await newPhone(browser, testInfo);
    await becomeActiveMember(member);

    // Time is the test's from here: the rotation moves on only when the clock is run.
    await member.clock.install();
    const firstView = viewOf(member, first.id);
    await openPastCelebration(member, "/dashboard");
    const slot = slotOf(member);
    await expect(slot).toContainText(titles[0]);
    await expect(slot.getByTestId("ad-counter")).toHaveText(/^1 of \d+$/);
    await firstView;
    // Stop the clock where it is, so only the fast-forward below moves the rotation.
    await member.clock.pauseAt(await member.evaluate(() => Date.now() + 50));

    const secondView = viewOf(member, second.id);
    await member.clock.fastForward(10_000);
    await expect(slot).toContainText(titles[1]);
    await expect(slot.getByTestId("ad-counter")).toHaveText(/^2 of \d+$/);
    await secondView;
    await member.context().close();

    await expect
      .poll(async () => (await adsByTitle(page, titles)).map((a) => a.viewCount > 0))
      .toEqual([true, true]);

    // Bulk delete, after a confirmation naming the count.
    await page.goto("/ads-admin");
    for (const [i, title] of titles.entries()) {
      await page.getByRole("checkbox", { name: `Select ${title}` }).click();
      if (i === 0) {
        // Some picked, not all: Select all is mixed (a dash), neither ticked nor empty.
        const all = page.getByRole("checkbox", { name: "Select all" });
        await expect(all).toHaveAttribute("aria-checked", "mixed");
      }
    }
    await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Advertisements" });
    await expect(confirm).toContainText("Delete 2 advertisements? This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("2 advertisements deleted", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: titles[0] })).toHaveCount(0);
    await expect(page.getByRole("article", { name: titles[1] })).toHaveCount(0);
  } finally {
    await switchOff(page, [first.id, second.id]);
  }
});
