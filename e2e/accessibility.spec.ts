import { signInAsAdmin } from "./support/admin";
import { expectAccessible, seriousViolations } from "./support/axe";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration, syncStepsForPoints } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor, payWithCard, register } from "./support/users";

/** Issue 14: no serious or critical axe violation on any page, for visitors, members and admins. */

// Every journey here has its own member (or the admin of its worker's server): they may run side
// by side (issue 29: 18 member pages in one journey outran its time on a busy machine).
test.describe.configure({ mode: "parallel" });

const VISITOR_PAGES = ["/", "/login", "/register", "/forgot-password", "/help", "/terms", "/privacy"];
/**
 * Member pages in groups, each a journey of its own with its own member: a slow machine scans one
 * group well within a journey's time, and groups run side by side on separate workers.
 */
const MEMBER_PAGE_GROUPS: Record<string, string[]> = {
  "steps and competing": [
    "/dashboard",
    "/competitions",
    "/groups",
    "/leaderboard",
    "/achievements",
    "/points",
  ],
  "money and account": ["/redeem", "/wallet", "/profile", "/safety", "/marketplace", "/step-test"],
  "rules, help and settings": [
    "/community-rules",
    "/notifications",
    "/banking-setup",
    "/help",
    "/terms",
    "/privacy",
  ],
};
const ADMIN_PAGES = [
  "/admin",
  "/admin/gift-cards",
  "/admin/audit-log",
  "/marketplace/admin",
  "/ads-admin",
  "/email-test",
];

test("visitor pages have no serious accessibility violations", async ({ page }) => {
  await expectAccessible(page, VISITOR_PAGES);
});

/** A new member with some steps, so the leaderboard and the dashboard show the member's own rows. */
async function memberWithSteps(page: Page): Promise<void> {
  await becomeActiveMember(page);
  await syncStepsForPoints(page, 1500);
  await openPastCelebration(page, "/dashboard");
}

for (const [group, paths] of Object.entries(MEMBER_PAGE_GROUPS)) {
  test(`member pages (${group}) have no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(120_000);
    await memberWithSteps(page);
    await expectAccessible(page, paths);
  });
}

test("the Access Denied screen a member sees on an admin page has no serious accessibility violations", async ({
  page,
}) => {
  await becomeActiveMember(page);
  await page.goto("/admin");
  await expect(page.getByText("Access Denied", { exact: false }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a new member's screens before the app opens have no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  const check = async (where: string) => {
    await page.waitForLoadState("networkidle");
    for (const v of await seriousViolations(page)) found.push(`${where}: ${v}`);
  };
  await register(page, newVisitor());
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await check("/subscribe");
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/subscription-activated$/, { timeout: 15_000 });
  await check("/subscription-activated");
  await page.getByRole("link", { name: "Accept Community Rules" }).click();
  await expect(page).toHaveURL(/\/community-rules$/);
  await check("/community-rules (not yet accepted)");
  expect(found).toEqual([]);
});

test("a member's open menu and dialogs have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(90_000);
  await becomeActiveMember(page);
  await openPastCelebration(page, "/wallet");
  const found: string[] = [];
  const check = async (where: string) => {
    for (const v of await seriousViolations(page)) found.push(`${where}: ${v}`);
  };
  await page.getByRole("button", { name: "Add Funds" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("/wallet, Add Funds open");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("the slide-out menu");
  expect(found).toEqual([]);
});

test("admin pages have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await expectAccessible(page, ADMIN_PAGES);
});

test.describe("at desktop size", () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  });

  test("the main pages have no serious accessibility violations", async ({ page }) => {
    test.setTimeout(120_000);
    await expectAccessible(page, ["/", "/login"]);
    await becomeActiveMember(page);
    await openPastCelebration(page, "/dashboard");
    await expectAccessible(page, ["/dashboard", "/leaderboard", "/competitions", "/marketplace"]);
  });
});
