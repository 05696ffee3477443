import { signInAsAdmin } from "./support/admin";
import { callApi, createCompetition, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { shoot } from "./support/screenshots";
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

/** The dashboard's slot, brought on screen (a slot asks for its ads only as it nears the screen). */
const slotOf = (page: Page) => page.getByRole("complementary", { name: "Advertisement", exact: true });
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
    await slot.scrollIntoViewIfNeeded();
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
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toContainText(titles[0]);
    await expect(slot.getByTestId("ad-counter")).toHaveText(/^1 of \d+$/);
    await firstView;
    // Stop the clock where it is, so only the fast-forward below moves the rotation (a moment ahead:
    // on a loaded machine more than 50 ms can pass before the pause arrives, and it cannot go back).
    await member.clock.pauseAt(await member.evaluate(() => Date.now() + 1000));

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
        await expect(all).toBeChecked({ indeterminate: true });
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

/** Creates an ad through the manager's form, on the placement given, with the top priority. */
async function createThroughForm(admin: Page, title: string, placement: string, link: string) {
  await admin.getByRole("button", { name: "New Ad" }).click();
  const create = admin.getByRole("dialog", { name: "Create Advertisement" });
  await create.getByLabel("Title *").fill(title);
  await create.getByLabel("Content *").fill(`${title}: seen where the form says.`);
  await create.getByLabel("Link URL").fill(link);
  await create.getByLabel("Placement").selectOption(placement);
  await create.getByLabel("Priority").fill("1000");
  await create.getByRole("button", { name: "Create Ad" }).click();
  await expect(create).toBeHidden();
  await expect(admin.getByRole("article", { name: title })).toContainText("Active");
}

test("an admin places ads in the footer and between list cards; a member sees each where it belongs, and views and clicks are counted", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = suffix();
  const footerTitle = `Footer Socks ${tag}`;
  const betweenTitle = `List Bottles ${tag}`;
  await signInAsAdmin(page);
  await page.goto("/ads-admin");
  await page.getByRole("button", { name: "New Ad" }).click();
  // The form says where each placement shows.
  const form = page.getByRole("dialog", { name: "Create Advertisement" });
  await form.getByLabel("Placement").selectOption("footer");
  await expect(form.getByTestId("placement-where")).toContainText("Shown at the end of every member page.");
  await form.getByLabel("Placement").selectOption("between-content");
  await expect(form.getByTestId("placement-where")).toContainText(
    "Shown among the cards of lists (competitions, groups).",
  );
  await page.keyboard.press("Escape");
  await createThroughForm(page, footerTitle, "footer", "socks.example/run");
  await createThroughForm(page, betweenTitle, "between-content", "bottles.example/steel");
  const [footerAd, betweenAd] = await adsByTitle(page, [footerTitle, betweenTitle]);
  // Enough competitions to browse that the list has cards on both sides of its ad.
  for (const n of [1, 2, 3])
    await createCompetition(page, { name: `Ad Walk ${n} ${tag}`, entryFee: null, startInMinutes: 60 * n });

  try {
    const member = await newPhone(browser, testInfo);
    await becomeActiveMember(member);
    await member.context().route("https://bottles.example/**", (r) => r.fulfill({ body: "Bottles" }));

    // Between content: among the competitions to join, with a card before and after it.
    const betweenView = viewOf(member, betweenAd.id);
    await openPastCelebration(member, "/competitions");
    const available = member.getByRole("region", { name: "Available to Join" });
    await expect(available.getByRole("article").first()).toBeVisible();
    const between = available.getByRole("complementary", { name: "Advertisement in the list" });
    await between.scrollIntoViewIfNeeded();
    await expect(between).toContainText(betweenTitle);
    await betweenView;
    const neighbours = await between.evaluate((aside) => {
      const slot = aside.parentElement;
      return [
        slot?.previousElementSibling?.getAttribute("role"),
        slot?.nextElementSibling?.getAttribute("role"),
      ];
    });
    expect(neighbours).toEqual(["article", "article"]);
    await shoot(member, "ad-between-content", { laptop: true });
    // One ad per list, and the page's footer slot is another placement.
    await expect(member.getByRole("complementary", { name: "Advertisement in the list" })).toHaveCount(1);
    const clicked = member.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/ads/${betweenAd.id}/click`),
    );
    const popup = member.context().waitForEvent("page");
    await between.getByRole("link", { name: new RegExp(betweenTitle) }).click();
    await clicked;
    await expect.poll(async () => (await popup).url()).toBe("https://bottles.example/steel");
    await (await popup).close();

    // Footer: at the end of a member page, after its content.
    const footerView = viewOf(member, footerAd.id);
    await member.goto("/wallet");
    await expect(member.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // The member reads down to the end of the page (the slot is blank until it has its ad).
    await member.waitForLoadState("networkidle");
    await member.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = member.getByRole("complementary", { name: "Footer advertisement" });
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toContainText(footerTitle);
    await expect(footer).toContainText("Sponsored");
    await footerView;
    const last = await member.evaluate(() => {
      const main = document.querySelector("main");
      return main?.lastElementChild?.querySelector("aside")?.getAttribute("aria-label");
    });
    expect(last).toBe("Footer advertisement");
    await shoot(member, "ad-footer");
    await member.context().close();

    await expect
      .poll(async () =>
        (await adsByTitle(page, [footerTitle, betweenTitle])).map((a) => [a.viewCount > 0, a.clickCount]),
      )
      .toEqual([
        [true, 0],
        [true, 1],
      ]);
  } finally {
    await switchOff(page, [footerAd.id, betweenAd.id]);
  }
});

test("a sidebar ad shows in the laptop dashboard's side column, and a phone never asks for it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Sidebar Watches ${suffix()}`;
  await signInAsAdmin(page);
  const created = await callApi<{ id: number }>(page, "POST", "/api/ads", {
    title,
    content: `${title}: on wide screens.`,
    placement: "sidebar",
    priority: 1000,
  });
  expect(created.status).toBe(201);

  try {
    // On a phone the side column is not one: no slot shows and its ads are never asked for.
    const phone = await newPhone(browser, testInfo);
    const asked: string[] = [];
    phone.on("request", (r) => {
      if (r.url().includes("/api/ads/active/")) asked.push(new URL(r.url()).pathname);
    });
    await becomeActiveMember(phone);
    await openPastCelebration(phone, "/dashboard");
    await expect(phone.getByRole("complementary", { name: "Advertisement", exact: true })).toBeAttached();
    await expect(phone.getByRole("complementary", { name: "Sidebar advertisement" })).toBeHidden();
    await phone.mouse.wheel(0, 5000);
    await phone.waitForTimeout(500);
    expect(asked).not.toContain("/api/ads/active/sidebar");
    await phone.context().close();

    const laptop = await newPhone(browser, testInfo, {
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    });
    await becomeActiveMember(laptop);
    const view = viewOf(laptop, created.body.id);
    await openPastCelebration(laptop, "/dashboard");
    await expect(laptop.getByText(/^Welcome back, /)).toBeVisible();
    const sidebar = laptop.getByRole("complementary", { name: "Sidebar advertisement" });
    await sidebar.scrollIntoViewIfNeeded();
    await expect(sidebar).toContainText(title);
    await view;
    // In the side column: right of the main column, beside Quick Actions.
    const quick = await laptop.getByText("Quick Actions", { exact: true }).boundingBox();
    const box = await sidebar.boundingBox();
    expect(box && quick && Math.abs(box.x - quick.x) < 40).toBe(true);
    expect(box && box.x > 640).toBe(true);
    await shoot(laptop, "ad-sidebar");
    await laptop.context().close();
    await expect.poll(async () => (await adsByTitle(page, [title]))[0].viewCount).toBeGreaterThan(0);
  } finally {
    await switchOff(page, [created.body.id]);
  }
});
