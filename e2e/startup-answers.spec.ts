import type { Browser, TestInfo } from "@playwright/test";
import { adminPhone, callApi, grantFitcoins, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/**
 * Opens `path` in a fresh load with the session's answer held back, and answers which of `reads`
 * were asked for while it was held (at start-up, beside the session request, rather than after
 * the screen rendered) and how many times each was asked for in all.
 */
async function openWithSessionHeld(page: Page, path: string, reads: string[]) {
  const asked = new Map<string, number>(reads.map((r) => [r, 0]));
  const whileHeld = new Set<string>();
  let held = true;
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (request.method() !== "GET" || !asked.has(url.pathname)) return;
    asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
    if (held) whileHeld.add(url.pathname);
  };
  page.on("request", onRequest);
  await page.route("**/api/auth/user", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    held = false;
    await route.continue();
  });
  await page.goto(path);
  return {
    settled: async () => {
      await page.waitForLoadState("networkidle");
      page.off("request", onRequest);
      await page.unroute("**/api/auth/user");
      return { whileHeld, asked };
    },
  };
}

/**
 * Makes `page` a new member who founded a group named `name` (FitCoins granted by an admin), and
 * shows the dashboard once, where the group's badges are celebrated and closed: they stay as unread
 * notifications. Answers the group's id.
 */
async function memberWithAGroup(page: Page, browser: Browser, testInfo: TestInfo, name: string) {
  const admin = await adminPhone(browser, testInfo);
  await becomeActiveMember(page);
  await grantFitcoins(admin, page, 40);
  const created = await callApi<{ id: number }>(page, "POST", "/api/groups", { name, description: "Walks" });
  expect(created.status).toBe(201);
  await page.goto("/");
  await page.getByRole("button", { name: "Awesome!" }).click();
  return created.body.id;
}

test("a member's page asks for its first data with the session, once, and shows it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `Test Early Birds ${suffix()}`;
  const id = await memberWithAGroup(page, browser, testInfo, name);

  const screens = [
    {
      path: `/groups/${id}`,
      reads: [`/api/groups/${id}`],
      shows: page.getByRole("heading", { name, level: 1 }),
    },
    { path: "/groups", reads: ["/api/groups"], shows: page.getByRole("heading", { name, level: 2 }) },
    {
      path: "/notifications",
      reads: ["/api/notifications"],
      shows: page.getByRole("heading", { name: "Notifications", level: 1 }),
    },
    { path: "/points", reads: ["/api/points/summary"], shows: page.getByText("Available Points") },
    {
      path: "/redeem",
      reads: ["/api/fitcoin/balance", "/api/fitcoin/gift-card-offer"],
      shows: page.getByTestId("redeem-fitcoins").filter({ hasText: /\d/ }),
    },
  ];
  for (const screen of screens) {
    const opened = await openWithSessionHeld(page, screen.path, screen.reads);
    await expect(screen.shows).toBeVisible();
    const { whileHeld, asked } = await opened.settled();
    for (const read of screen.reads) {
      expect(whileHeld.has(read), `${screen.path}: ${read} asked for beside the session`).toBe(true);
      expect(asked.get(read), `${screen.path}: ${read} asked for once`).toBe(1);
    }
  }
});

/**
 * Opens `path` with its `read` answered `delayMs` after the screen's own code (a file matching
 * `code`) has arrived, and answers whether the screen's loading state (its spinner labelled
 * `loading`) was ever in the page.
 */
async function loadingStateShown(
  page: Page,
  path: string,
  read: string,
  code: RegExp,
  delayMs: number,
  loading: string,
) {
  await page.addInitScript((label) => {
    const seen = { loading: false };
    (window as unknown as { __loadingSeen: typeof seen }).__loadingSeen = seen;
    new MutationObserver(() => {
      if (!seen.loading && [...document.querySelectorAll(".sr-only")].some((n) => n.textContent === label)) {
        seen.loading = true;
      }
    }).observe(document, { childList: true, subtree: true });
  }, loading);
  // (Or 5 s on: a file served from the cache may not be reported.)
  const codeArrived = page
    .waitForEvent("requestfinished", {
      predicate: (request) => code.test(new URL(request.url()).pathname),
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.route(`**${read}`, async (route) => {
    await codeArrived;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.goto(path);
  return async () => {
    await page.unroute(`**${read}`);
    return page.evaluate(
      () => (window as unknown as { __loadingSeen: { loading: boolean } }).__loadingSeen.loading,
    );
  };
}

test("a member's first screen is drawn once with its data when its answer comes a little after its code, and shows its loading state when the answer is slow", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `Test Patient Walkers ${suffix()}`;
  const id = await memberWithAGroup(page, browser, testInfo, name);
  const heading = page.getByRole("heading", { name, level: 1 });

  // The group's answer half a second after the page's code has arrived: the screen waits for it
  // and renders once, with it, rather than its spinner first and then everything again.
  const code = /\/assets\/group-detail-page-[\w-]+\.js$/;
  let seen = await loadingStateShown(page, `/groups/${id}`, `/api/groups/${id}`, code, 500, "Loading group");
  await expect(heading).toBeVisible();
  expect(await seen(), "the group's own loading state was shown").toBe(false);

  // An answer slower than the wait (FIRST_ANSWERS_WAIT_MS): the screen does not wait for it, it says
  // it is loading, then shows the group.
  seen = await loadingStateShown(page, `/groups/${id}`, `/api/groups/${id}`, code, 3_000, "Loading group");
  await expect(heading).toBeVisible({ timeout: 10_000 });
  expect(await seen(), "the group's own loading state was shown").toBe(true);
});

test("the layout's own reads (the bell's count, the admin and badge checks) wait until the screen's reads have answered, and the bell still shows its count", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await memberWithAGroup(page, browser, testInfo, `Test Night Owls ${suffix()}`);
  await page.waitForLoadState("networkidle");

  const screenReads = ["/api/dashboard/stats", "/api/competitions", "/api/steps/today", "/api/steps/history"];
  const layoutReads = ["/api/notifications/unread-count", "/api/admin/check", "/api/achievements/check"];
  const answered = new Set<string>();
  // For each of the layout's reads, the screen's reads still unanswered when it was sent.
  const sentBefore = new Map<string, string[]>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (layoutReads.includes(path) && !sentBefore.has(path)) {
      sentBefore.set(
        path,
        screenReads.filter((read) => !answered.has(read)),
      );
    }
  });
  page.on("requestfinished", (request) => answered.add(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.getByTestId("step-tracking")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const read of layoutReads) {
    expect(sentBefore.get(read), `${read} was asked for`).toBeDefined();
    expect(sentBefore.get(read), `${read} waited for the screen's reads`).toEqual([]);
  }
});

test("the session request leaves before the app's own file has arrived, and the app then starts", async ({
  page,
}) => {
  await becomeActiveMember(page);
  // The entry is small and runs as it arrives: it asks for the session (and the screen's data)
  // while React and the app (the preloaded app-*.js) are still on their way.
  let appHeld = true;
  const sessionAsked: boolean[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/user") sessionAsked.push(appHeld);
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    appHeld = false;
    await route.continue();
  });
  await page.goto("/wallet");
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  // The app's file was held (so the app waited for it), and the session was asked for once, before.
  expect(appHeld).toBe(false);
  expect(sessionAsked).toEqual([true]);
});

test("a slow start shows the mark alone for its first second, then a turning spinner that React's splash carries on where it is", async ({
  page,
}) => {
  // The app's file and the session's answer held: the page's own splash, then React's.
  let releaseApp = () => {};
  const appArrived = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  let releaseSession = () => {};
  const sessionAnswered = new Promise<void>((resolve) => {
    releaseSession = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await appArrived;
    await route.continue();
  });
  await page.route("**/api/auth/user", async (route) => {
    await sessionAnswered;
    await route.continue();
  });
  try {
    // The app's file is held, so the page never reaches "load" until it is released.
    await page.goto("/", { waitUntil: "commit" });
    const bootSpinner = page.locator("#boot-splash span");
    await expect(page.locator("#boot-splash svg")).toBeVisible();
    // When the page's spinner turns from (its animations' start and delay, on the page's clock).
    const turnsFrom = () =>
      bootSpinner.evaluate((el) => {
        const [, turn] = el.getAnimations();
        return Number(turn.startTime) + Number(turn.effect?.getTiming().delay);
      });
    const bootTurnsFrom = await turnsFrom();
    // The spinner's look at moments after its start, its animations stopped there (then set back):
    // until a second it is invisible and still (nothing moves, so no frame is drawn for it), then
    // it shows and turns.
    const at = (ms: number) =>
      bootSpinner.evaluate((el, time) => {
        const animations = el.getAnimations();
        const starts = animations.map((a) => a.startTime);
        for (const a of animations) {
          a.pause();
          a.currentTime = time;
        }
        const { opacity, transform } = getComputedStyle(el);
        animations.forEach((a, i) => {
          a.startTime = starts[i];
        });
        return { animations: animations.length, opacity, transform };
      }, ms);
    for (const ms of [0, 500, 990]) {
      expect(await at(ms), `${ms} ms after the start`).toEqual({
        animations: 2,
        opacity: "0",
        transform: "none",
      });
    }
    const shown = await at(1_500);
    expect(shown.opacity).toBe("1");
    expect(shown.transform).not.toBe("none");
    expect((await at(1_750)).transform).not.toBe(shown.transform);
    expect(await turnsFrom()).toBeCloseTo(bootTurnsFrom, 0);
    // The app arrives once the page's spinner is showing, while the session is still asked for:
    // React's splash shows its spinner at once, turning on from where the page's was.
    await page.waitForFunction((from) => performance.now() > from + 200, bootTurnsFrom);
    releaseApp();
    await expect(page.locator("#boot-splash")).toHaveCount(0);
    const splash = page
      .locator('[role="status"]', { hasText: "Loading StepRace" })
      .locator('span[aria-hidden="true"]');
    await expect(splash).toBeVisible();
    await expect(splash).toHaveClass(/spinner-later/);
    const carried = await splash.evaluate((el) => {
      const [, turn] = el.getAnimations();
      return {
        opacity: getComputedStyle(el).opacity,
        turnsFrom: Number(turn.startTime) + Number(turn.effect?.getTiming().delay),
      };
    });
    expect(carried.opacity).toBe("1");
    // Its turn starts where the page's spinner's did (the splash reads it when React renders).
    expect(Math.abs(carried.turnsFrom - bootTurnsFrom)).toBeLessThan(1);
  } finally {
    releaseApp();
    releaseSession();
  }
  await expect(page.locator('[role="status"]', { hasText: "Loading StepRace" })).toHaveCount(0);
});

test("when the app's own file cannot be loaded, the page says so and offers Retry instead of loading forever", async ({
  page,
}) => {
  // The first failure reloads the page once (a release may have replaced the file); the second
  // within the cool-down shows the connection error, drawn without the app.
  let refused = 0;
  const appFile = /\/assets\/app-[\w-]+\.js$/;
  await page.route(appFile, async (route) => {
    refused++;
    await route.abort("connectionfailed");
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Connection Error", level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("alert")).toContainText("check your internet connection");
  expect(refused).toBeGreaterThanOrEqual(2);
  await page.unroute(appFile);
  await page.getByRole("button", { name: "Retry" }).click();
  // The app starts this time: the error and the splash are gone, the app's header is there.
  await expect(page.getByRole("heading", { name: "Connection Error" })).toBeHidden();
  await expect(page.locator("#boot-splash")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "StepRace" }).first()).toBeVisible();
});

test("the page's own inline start-up script runs under its security policy: the Intl-warming worker starts and nothing is refused", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  const worker = page.waitForEvent("worker", {
    predicate: (w) => w.url().endsWith("/warm-intl.js"),
    timeout: 10_000,
  });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Help and legal" })).toBeVisible();
  expect((await worker).url()).toMatch(/\/warm-intl\.js$/);
  expect(refused).toEqual([]);
});

/**
 * Reloads `path` and samples every frame: whether the first view (a button named `top`) and the
 * lower cards (a card titled `lower`) were in the page when it was painted, and where `top` stood.
 * The first frame with the first view must not have the lower cards, they must then arrive, and
 * `top` must never move.
 */
async function expectFirstViewFirst(page: Page, path: string, top: string, lower: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: lower })).toBeVisible();
  await page.addInitScript(
    ([screen, topText, lowerText]) => {
      // Only on this screen: an earlier screen's sampler, still registered, stays out of it.
      if (window.location.pathname !== screen) return;
      const frames: { top: boolean; lower: boolean; y: number | null }[] = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const look = () => {
        const button = [...document.querySelectorAll("button, a")].find(
          (b) => b.textContent?.trim() === topText,
        );
        const below = [...document.querySelectorAll("h2")].some((h) => h.textContent?.trim() === lowerText);
        frames.push({
          top: !!button,
          lower: below,
          y: button ? Math.round(button.getBoundingClientRect().top) : null,
        });
        // Until the lower cards have been seen (and a few frames more), however slow the machine.
        const seenLower = frames.filter((f) => f.lower).length;
        if (seenLower < 30) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    [path, top, lower],
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: lower })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __frames: { lower: boolean }[] }).__frames.filter((f) => f.lower).length,
      ),
    )
    .toBeGreaterThanOrEqual(30);
  const frames = await page.evaluate(
    () => (window as unknown as { __frames: { top: boolean; lower: boolean; y: number | null }[] }).__frames,
  );
  const shown = frames.filter((f) => f.top);
  expect(shown.length, `${path}: the first view was painted`).toBeGreaterThan(0);
  expect(shown[0].lower, `${path}: the first frame with the first view had the lower cards too`).toBe(false);
  expect(
    shown.some((f) => f.lower),
    `${path}: the lower cards arrived`,
  ).toBe(true);
  expect(new Set(shown.map((f) => f.y)).size, `${path}: ${top} stayed where it was`).toBe(1);
}

test("a long screen paints its first view before the rest: the lower cards of the profile, the wallet and the redeem page arrive after the cards above are on screen, and nothing above moves", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await becomeActiveMember(page);
  await expectFirstViewFirst(page, "/profile", "Edit Profile", "Danger Zone");
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await expectFirstViewFirst(page, "/wallet", "Add Funds", "About FitCoins");
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
  await expectFirstViewFirst(page, "/redeem", "Go to Wallet", "How It Works");
});
