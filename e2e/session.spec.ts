import type { Route } from "@playwright/test";
import { resetLinkFor } from "./support/mailed-links";
import { expect, type Page, test } from "./support/test";
import { newVisitor, register } from "./support/users";

/**
 * The login form is there and usable: not the splash, not the Connection Error card. A member page
 * keeps itself as the sign-in's `next` (DESIGN 1, member pages while signed out).
 */
async function expectUsableLogin(page: Page) {
  await expect(page).toHaveURL(/\/login(\?next=[^&]+)?$/, { timeout: 15_000 });
  await expect(page.getByLabel("Username")).toBeVisible();
  await expect(page.getByText("Connection Error")).toHaveCount(0);
}

/**
 * The server may clear the session cookie when it rejects a session (so the next request is
 * anonymous); the client must not depend on that. In the keeps-cookie runs every 401 leaves the
 * cookie the request was sent with in the browser, as a server that does not clear it would.
 */
const serverBehaviours = [
  { name: "server clears the cookie", keepsCookie: false },
  { name: "server keeps the cookie", keepsCookie: true },
];

const SESSION_COOKIE = "sr_session";

async function keepCookieOn401(page: Page) {
  // The last session cookie a request carried. route.fetch() shares the context's cookie store, so
  // a clearing Set-Cookie applies at once, and a request sent in that moment (the start-up sends
  // the session's and the screen's reads together) goes without it: every 401 puts the dead cookie
  // back, whichever request it answers, as a server that keeps it would have left it.
  let dead: string | undefined;
  await page.route("**/api/**", (route) =>
    keepCookie(route).catch((error: unknown) => {
      // A read the page dropped while it was being answered (a navigation, a reload: the sign-in
      // that leaves /login) has no one to answer; Playwright says its response was disposed.
      if (/disposed|closed/i.test(String(error))) return;
      throw error;
    }),
  );
  async function keepCookie(route: Route) {
    const sent = /(?:^|;\s*)sr_session=([^;]+)/.exec((await route.request().allHeaders()).cookie ?? "")?.[1];
    if (sent) dead = sent;
    const response = await route.fetch();
    if (response.status() === 401 && dead) {
      const { hostname } = new URL(route.request().url());
      await page
        .context()
        .addCookies([
          { name: SESSION_COOKIE, value: dead, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" },
        ]);
      const headers = response.headers();
      delete headers["set-cookie"];
      return route.fulfill({ response, headers });
    }
    return route.fulfill({ response });
  }
}

/** In the keeps-cookie runs, the dead session cookie really is still sent. */
async function expectDeadCookieKept(page: Page, keepsCookie: boolean) {
  if (!keepsCookie) return;
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
}

for (const { name, keepsCookie } of serverBehaviours) {
  test(`a password reset on another device signs the first one out to a usable login (${name})`, async ({
    page,
    browser,
  }) => {
    if (keepsCookie) await keepCookieOn401(page);
    // Context A: the member's phone, signed in after registering.
    const v = newVisitor();
    await register(page, v);

    // Context B: another browser resets the password through the emailed link.
    const other = await browser.newContext();
    try {
      const pageB = await other.newPage();
      await pageB.goto("/forgot-password");
      await pageB.getByLabel("Email").fill(v.email);
      await pageB.getByRole("button", { name: /send|reset/i }).click();
      await expect(pageB.getByText("Check Your Email")).toBeVisible();

      await pageB.goto(await resetLinkFor(v.email));
      await pageB.getByLabel("New Password").fill("fresh-start-22");
      await pageB.getByLabel("Confirm Password").fill("fresh-start-22");
      await pageB.getByRole("button", { name: /reset password/i }).click();
      await expect(pageB.getByText("Password Reset Complete")).toBeVisible();
    } finally {
      await other.close();
    }

    // The reset revoked A's session: on reload A lands on the login form, not an error card.
    await page.reload();
    await expectUsableLogin(page);
    // Reloading /login with the dead session must keep showing the form.
    await page.reload();
    await expectUsableLogin(page);
    await expectDeadCookieKept(page, keepsCookie);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).toBeNull();

    await signIn(page, v.username, "fresh-start-22");
    // Signed in again, not yet subscribed: held on the subscribe screen.
    await expect(page.getByText("$6.99").first()).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(page.getByText("$6.99").first()).toBeVisible();
  });

  test(`a session used from another device fingerprint lands on a usable login (${name})`, async ({
    page,
  }) => {
    if (keepsCookie) await keepCookieOn401(page);
    const v = newVisitor();
    await register(page, v);

    // The session cookie now arrives with another device's fingerprint: the server answers 401
    // deviceChanged ("This session belongs to another device. Please sign in again.").
    await page.evaluate(() => localStorage.setItem("deviceFingerprint", "Zyxwvutsrqponmlkjihgfedcba987654"));
    await page.goto("/wallet");
    await expectUsableLogin(page);
    await page.reload();
    await expectUsableLogin(page);
    await expectDeadCookieKept(page, keepsCookie);

    await signIn(page, v.username, v.password);
    // Back on the page the session was lost on: the wallet stays open without a plan (DESIGN 1).
    await expect(page).toHaveURL(/\/wallet$/, { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  });
}
