import { E2E_ADMIN } from "./support/admin";
import { adminPhone, callApi, grantFitcoins, newPhone, suffix } from "./support/competitions";
import { expectNothingCovered } from "./support/covered";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { expect, type Page, test } from "./support/test";
import { newVisitor, signIn, type Visitor } from "./support/users";

/** The pages the issue names, each with what must be on it before it is judged. */
function pages(groupId: number, memberId: number) {
  return [
    {
      path: "/dashboard",
      name: "dashboard",
      ready: (p: Page) => p.getByRole("button", { name: "Need Permission" }),
    },
    { path: "/leaderboard", name: "leaderboard", ready: (p: Page) => p.getByRole("heading", { level: 1 }) },
    { path: "/wallet", name: "wallet", ready: (p: Page) => p.getByRole("button", { name: "Add Funds" }) },
    { path: `/groups/${groupId}`, name: "group", ready: (p: Page) => p.getByTestId("entry-fee") },
    {
      path: `/admin/users/${memberId}`,
      name: "admin member",
      admin: true,
      ready: (p: Page) => p.getByRole("heading", { level: 1, name: /^@/ }),
    },
    {
      path: "/admin",
      name: "admin panel",
      admin: true,
      ready: (p: Page) => p.getByRole("button", { name: "Add FitCoins" }),
    },
  ];
}

/** Issue 25 item 5: no fixed element covers text or a control, at rest or scrolled, phone or desktop. */
test("no fixed element covers what a member reads or taps, on a phone and on a desktop", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminPhone(browser, testInfo);
  const member: Visitor = await becomeActiveMember(page, {
    ...newVisitor(),
    firstName: "Cora",
    lastName: "Clear",
  });
  await grantFitcoins(admin, page, 40);
  const group = await callApi<{ id: number }>(page, "POST", "/api/groups", {
    name: `Test Clear Walkers ${suffix()}`,
    description: "Nothing in the way",
  });
  expect(group.status).toBe(201);
  const me = await callApi<{ id: number }>(page, "GET", "/api/auth/user");

  /** A desktop browser of its own, signed in. */
  const desktopSignedIn = async (username: string, password: string) => {
    const desktopPage = await newPhone(browser, testInfo, {
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
      userAgent: undefined,
    });
    await signIn(desktopPage, username, password);
    return desktopPage;
  };
  const desktop = await desktopSignedIn(member.username, member.password);
  const desktopAdmin = await desktopSignedIn(E2E_ADMIN.username, E2E_ADMIN.password);

  const screens = [
    { size: "390x844", memberPage: page, adminPage: admin },
    { size: "1280x800", memberPage: desktop, adminPage: desktopAdmin },
  ];
  for (const { size, memberPage, adminPage } of screens) {
    for (const entry of pages(group.body.id, me.body.id)) {
      const p = entry.admin ? adminPage : memberPage;
      await openPastCelebration(p, entry.path);
      await expect(entry.ready(p)).toBeVisible();
      const shot = testInfo.outputPath(`${entry.name.replace(/ /g, "-")}-${size}`);
      await expectNothingCovered(p, `${entry.name} at ${size}`, shot);
    }
  }
  // Offline, the cached-data badge sits in the offline banner, over nothing.
  await openPastCelebration(page, "/dashboard");
  await expect(page.getByRole("button", { name: "Need Permission" })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText(/^Cached data · /)).toBeVisible();
  await expectNothingCovered(page, "offline dashboard at 390x844", testInfo.outputPath("offline-390x844"));
  await page.context().setOffline(false);
  for (const p of [admin, desktop, desktopAdmin]) await p.context().close();
});
