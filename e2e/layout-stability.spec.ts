import { adminPhone, callApi, grantFitcoins, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/** The page's layout shifts so far that no input caused (Lighthouse's CLS counts the same). */
function shiftsSoFar(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node;
              if (node instanceof Element) {
                const { previousRect: a, currentRect: b } = source;
                moved.push(
                  `${node.tagName.toLowerCase()}.${node.className.slice(0, 60)} (${a.y}+${a.height} to ${b.y}+${b.height})`,
                );
              }
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ total, moved }), 200);
      }),
  );
}

test("member pages draw their content where it stays: nothing on a phone's screen moves as the page's data arrives", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminPhone(browser, testInfo);
  await becomeActiveMember(page);
  await grantFitcoins(admin, page, 40);
  const created = await callApi<{ id: number }>(page, "POST", "/api/groups", {
    name: `Steady Walkers ${suffix()}`,
    description: "",
  });
  expect(created.status).toBe(201);
  // The group's badges, unlocked on load, leave unread notifications (the Mark all read button).
  await page.goto("/");
  await page.getByRole("button", { name: "Awesome!" }).click();
  await page.waitForLoadState("networkidle");

  // A phone's slower processor, so the page's reads answer after its first frames, as they do there.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await admin.context().close();
  // Each page with what it shows once loaded, so that a page stuck loading cannot pass unmoved.
  const pages: [string, string][] = [
    ["/notifications", "Notifications"],
    ["/redeem", "How It Works"],
    ["/groups", "Steady Walkers"],
    [`/groups/${created.body.id}`, "Steady Walkers"],
    ["/wallet", "Transaction History"],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: loaded }).first()).toBeVisible();
    if (path === "/notifications") {
      // Unread news: the Mark all read button, whose arrival once pushed the page down, is live.
      await expect(
        page.getByRole("list", { name: "Notifications" }).getByText("Unread").first(),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark all read" })).toBeEnabled();
    }
    await page.waitForTimeout(500);
    // Half of what Lighthouse calls good (0.1); the pages shifted 0.06 to 0.54 before.
    const shifts = await shiftsSoFar(page);
    expect(shifts.total, `${path} moved ${shifts.moved.join(", ")}`).toBeLessThan(0.05);
  }

  // Answers in either order: the balance after the gift card of the month once put "Need More
  // FitCoins" (25 left of 40, the cheapest card 50) above the card and moved it down the screen.
  await page.route("**/api/fitcoin/balance", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/redeem");
  await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Need More FitCoins" })).toBeVisible();
  await page.waitForTimeout(500);
  const shifts = await shiftsSoFar(page);
  expect(shifts.total, `/redeem moved ${shifts.moved.join(", ")}`).toBeLessThan(0.05);
});
