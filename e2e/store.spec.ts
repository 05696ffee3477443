import { signInAsAdmin } from "./support/admin";
import { seriousViolations } from "./support/axe";
import { callApi, newPhone, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Locator, type Page, test } from "./support/test";

const ACCESS_DENIED = "Access Denied: You need admin privileges to access this page.";

function productIn(page: Page | Locator, name: string) {
  return page.getByRole("article", { name, exact: true });
}

test("the admin adds and edits a product, a member finds it and buys it in a new tab, and the admin deletes it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = suffix();
  const name = `Trail Glide ${tag}`;
  const brand = `Stride${tag}`;
  const hidden = `Old Stock ${tag}`;
  const affiliateLink = `${baseURL}/api/health?product=${tag}`;
  const extraIds: number[] = [];

  await test.step("the admin adds a product, after a bad link is refused", async () => {
    await signInAsAdmin(page);
    await openPastCelebration(page, "/marketplace/admin");
    await expect(page.getByRole("heading", { name: "Product Manager", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: /^Add (First )?Product$/ }).click();
    const form = page.getByRole("form", { name: "Add Product" });
    await expect(form.getByLabel("Category")).toHaveValue("equipment");
    await form.getByLabel("Name *").fill(name);
    await form.getByLabel("Brand *").fill(brand);
    await form.getByLabel("Description *").fill("A cushioned shoe for long walks on gravel.");
    await form.getByLabel("Price (USD) *").fill("129.99");
    await form.getByLabel("Category").selectOption({ label: "Athletic Shoes" });
    await form.getByLabel("Image URL *").fill("/store/cloudwalk-daily.svg");
    await form.getByLabel("Affiliate Link *").fill("not a link");
    await form.getByLabel("Rating (1-5)").fill("4.5");
    await form.getByLabel("Review Count").fill("128");
    await form.getByRole("button", { name: "Add Product" }).click();
    await expect(form.getByText("Affiliate link must be a valid URL")).toBeVisible();
    await expect(form.getByLabel("Affiliate Link *")).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel("Affiliate Link *").fill(affiliateLink);
    await form.getByRole("button", { name: "Add Product" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText("Product Added", { exact: true })).toBeVisible();
    const row = productIn(page, name);
    await expect(row).toContainText("$129.99");
    await expect(row).toContainText("Athletic Shoes");
    await expect(row).toContainText("(128 reviews)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  await test.step("the admin edits it: a new price, featured", async () => {
    const row = productIn(page, name);
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const form = page.getByRole("form", { name: "Edit Product" });
    await expect(form.getByLabel("Name *")).toHaveValue(name);
    await expect(form.getByLabel("Category")).toHaveValue("shoes");
    await form.getByLabel("Price (USD) *").fill("89.5");
    await form.getByLabel("Featured").check();
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText("Product Updated", { exact: true })).toBeVisible();
    await expect(row).toContainText("$89.50");
    await expect(row).toContainText("Featured");
    await expect(row.getByRole("link", { name: /^View Link/ })).toHaveAttribute("href", affiliateLink);

    // An inactive product is listed, dimmed and labelled, for the admin only.
    const created = await callApi(page, "POST", "/api/admin/marketplace/items", {
      name: hidden,
      brand,
      description: "No longer sold.",
      price: 10,
      imageUrl: "/store/aero-tee.svg",
      affiliateLink,
      category: "clothing",
      active: false,
    });
    expect(created.status).toBe(201);
    extraIds.push((created.body as { id: number }).id);
    // Three more featured products: four in all, one more than the Featured section shows.
    for (const n of [1, 2, 3]) {
      const extra = await callApi<{ id: number }>(page, "POST", "/api/admin/marketplace/items", {
        name: `Extra ${n} ${tag}`,
        brand,
        description: "Another featured product.",
        price: "15.00",
        imageUrl: "/store/resistance-bands.svg",
        affiliateLink,
        featured: true,
      });
      expect(extra.status).toBe(201);
      extraIds.push(extra.body.id);
    }
    await page.getByRole("button", { name: "Refresh Data" }).click();
    await expect(productIn(page, hidden)).toContainText("Inactive");
    await expect(productIn(page, `Extra 3 ${tag}`)).toBeVisible();
  });

  const member = await newPhone(browser, testInfo);
  await test.step("a member finds it by search and category, and Buy Now opens the link in a new tab", async () => {
    await becomeActiveMember(member);
    await openPastCelebration(member, "/marketplace");
    await expect(member.getByRole("heading", { name: "Fitness Gear Store", level: 1 })).toBeVisible();
    const search = member.getByPlaceholder("Search products, brands...");
    await search.fill(brand.toUpperCase());
    // At most 3 featured products are shown as such; the fourth is among the others, badge and all.
    const featured = member.getByRole("region", { name: "Featured Products" });
    await expect(featured.getByRole("article")).toHaveCount(3);
    const others = member.getByRole("region", { name: "Other Products (1)" });
    await expect(others.getByRole("article")).toHaveCount(1);
    await expect(others.getByRole("article")).toContainText("Featured");
    await expect(productIn(member, hidden)).toHaveCount(0);
    // Nothing is wider than the phone (a wider page is zoomed out and its taps land elsewhere).
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await seriousViolations(member)).toEqual([]);

    await member.getByRole("button", { name: "Supplements", exact: true }).click();
    await expect(member.getByText("Try adjusting your search or filter criteria.")).toBeVisible();
    await member.getByRole("button", { name: "Athletic Shoes", exact: true }).click();
    const product = productIn(featured, name);
    await expect(product).toContainText("$89.50");
    await expect(product).toContainText("Featured");
    await expect(product).toContainText("Athletic Shoes");
    await expect(product).toContainText("(128 reviews)");
    await expect(member.getByRole("article")).toHaveCount(1);

    const buy = product.getByRole("link", { name: /^Buy Now/ });
    await expect(buy).toHaveAttribute("target", "_blank");
    await expect(buy).toHaveAttribute("rel", "noopener noreferrer");
    const opened = member.context().waitForEvent("page");
    await buy.click();
    const popup = await opened;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(affiliateLink);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    await member.goto("/marketplace/admin");
    await expect(member.getByText(ACCESS_DENIED)).toBeVisible();
    await expect(member.getByRole("button", { name: /Add (First )?Product/ })).toHaveCount(0);
  });

  await test.step("the admin deletes it after confirming", async () => {
    for (const id of extraIds.slice(1)) {
      expect((await callApi(page, "DELETE", `/api/admin/marketplace/items/${id}`)).status).toBe(200);
    }
    await page.getByRole("button", { name: "Refresh Data" }).click();
    for (const target of [name, hidden]) {
      await productIn(page, target)
        .getByRole("button", { name: `Delete ${target}` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Delete Product" });
      await expect(dialog).toContainText(`Delete "${target}"? This cannot be undone.`);
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(productIn(page, target)).toHaveCount(0);
    }
    await expect(page.getByText("Product Deleted", { exact: true }).first()).toBeVisible();

    await member.goto("/marketplace");
    await expect(member.getByRole("heading", { name: "Fitness Gear Store", level: 1 })).toBeVisible();
    await expect(productIn(member, name)).toHaveCount(0);
  });
  await member.context().close();
});
