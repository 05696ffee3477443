import { resetLinkFor } from "./support/mailed-links";
import { becomeActiveMember } from "./support/member";
import { expect, test } from "./support/test";
import { newVisitor, register } from "./support/users";

test("a wrong password shows Login Failed", async ({ page }) => {
  const v = newVisitor();
  await register(page, v);
  await page.goto("/api/logout");
  await page.goto("/login");
  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Password", { exact: true }).fill("not-my-password");
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page.getByText("Login Failed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a member resets a forgotten password through the emailed link", async ({ page }) => {
  const v = newVisitor();
  await register(page, v);
  await page.goto("/api/logout");

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(v.email);
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText("Check Your Email")).toBeVisible();

  await page.goto(await resetLinkFor(v.email));

  await page.getByLabel("New Password").fill("fresh-start-22");
  await page.getByLabel("Confirm Password").fill("fresh-start-22");
  await page.getByRole("button", { name: /reset password/i }).click();
  await expect(page.getByText("Password Reset Complete")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();

  await page.getByLabel("Username").fill(v.username);
  await page.getByLabel("Password", { exact: true }).fill("fresh-start-22");
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  // Signed in again, not yet subscribed: held on the subscribe screen.
  await expect(page.getByText("$6.99").first()).toBeVisible({ timeout: 10_000 });
});

test("an anonymous visitor on an unknown path sees the not-found screen", async ({ page }) => {
  await page.goto("/definitely/not/here");
  await expect(page.getByText(/page could not be found/i)).toBeVisible();
  await expect(page.getByText("/definitely/not/here")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page.getByRole("link", { name: /Start Competing Now/i }).first()).toBeVisible();
});

test("a reset link without a token says it is invalid", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Invalid Reset Link")).toBeVisible();
});

/** A one-time signal between the test and a held request: `give()` settles `given`. */
function signal(): { give: () => void; given: Promise<void> } {
  let give!: () => void;
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { give, given };
}

test.describe("signing out", () => {
  // The document holds below need the network: a service worker would answer from its copy.
  test.use({ serviceWorkers: "block" });

  // The screen's read (the dashboard's stats) and the session's own read (whose 401 makes the
  // access gate send the page to sign-in).
  for (const read of ["/api/dashboard/stats", "/api/auth/user"]) {
    test(`signing out while the page's read ${read} is under way lands on the home page, not on sign-in`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await becomeActiveMember(page);
      // The read is held, so that it is answered only after the server ended the session: what a
      // read sent a moment before Sign Out meets.
      const readArrived = signal();
      const readReleased = signal();
      // The read left with the session's cookie: it reaches the server with it, after the logout.
      const sessionCookie = (await page.context().cookies())
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join("; ");
      let held = false;
      await page.route(`**${read}`, async (route) => {
        if (held) return route.continue();
        held = true;
        readArrived.give();
        await readReleased.given;
        const response = await route.fetch({
          headers: { ...route.request().headers(), cookie: sessionCookie },
        });
        await route.fulfill({ response });
      });
      await page.reload();
      await readArrived.given;

      // Sign Out: the server ends the session, and its answer (to the home page, signed out) is held
      // while the old page, still open, hears the read's 401.
      const serverLoggedOut = signal();
      const logoutReleased = signal();
      await page.route("**/api/logout", async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        serverLoggedOut.give();
        await logoutReleased.given;
        await route.fulfill({ response });
      });
      const signingOut = page.goto("/api/logout");
      await serverLoggedOut.given;
      const rejected = page.waitForResponse((r) => new URL(r.url()).pathname === read);
      readReleased.give();
      expect((await rejected).status()).toBe(401);
      // Time for the old page to act on the 401 (before, it sent the browser to /login?next=%2F,
      // cancelling the member's own navigation).
      await page.waitForTimeout(500);
      logoutReleased.give();
      await signingOut;
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByRole("link", { name: /Start Competing Now/i }).first()).toBeVisible();
    });
  }
});
