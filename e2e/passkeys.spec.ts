import { adminPhone, callApi } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { serverURL } from "./support/servers";
import { test as base, expect, type Page } from "./support/test";

/**
 * WebAuthn binds a passkey to a domain name, never an IP address: this journey talks to its server
 * as localhost, the host of the server's public URL (a secure context in Chromium over http).
 */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo).replace("127.0.0.1", "localhost"));
  },
});

/** A platform authenticator with a fingerprint reader that always says yes (Chromium through CDP). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Issue 30, item 5: a member adds a passkey on the phone and signs in with it, no password typed. */
test("a member adds a passkey in the profile, signs in with it, and removes it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const v = await becomeActiveMember(page);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto("/profile");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a Passkey" }).click();
  // The password first: a borrowed session alone cannot leave a passkey behind.
  const reauth = page.getByRole("dialog", { name: "Add a Passkey" });
  await reauth.getByLabel("Current Password").fill("not my password");
  await reauth.getByRole("button", { name: "Continue" }).click();
  await expect(reauth.getByText("That is not your current password.", { exact: false })).toBeVisible();
  await reauth.getByLabel("Current Password").fill(v.password);
  await reauth.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Passkey Added", { exact: true })).toBeVisible();
  await expect(reauth).toBeHidden();
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Android phone passkey");
  await expect(list).toContainText("never used");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);

  // Signed out, the sign-in page offers the passkey: no username, no password.
  await page.goto("/api/logout");
  await page.goto("/login");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByText(new RegExp(`^Welcome(?: back)?, ${v.firstName}!$`))).toBeVisible({
    timeout: 15_000,
  });
  await page.goto("/profile");
  await expect(list).toContainText("last used");

  // The admin's member page says passkeys are on.
  const me = (await callApi<{ id: number }>(page, "GET", "/api/auth/user")).body;
  const admin = await adminPhone(browser, test.info());
  await openPastCelebration(admin, `/admin/users/${me.id}`);
  await expect(admin.getByRole("heading", { name: `@${v.username}`, level: 1 })).toBeVisible();
  await expect(admin.getByText("On · 1 passkey")).toBeVisible();
  await admin.close();

  // Removing asks first; then the passkey no longer signs in.
  await list.getByRole("button", { name: "Remove passkey Android phone passkey" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove Passkey?" });
  await expect(confirm).toContainText("will no longer sign you in");
  await confirm.getByRole("button", { name: "Remove Passkey" }).click();
  await expect(
    page.getByText("Passkey removed. It can no longer sign you in.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

  await page.goto("/api/logout");
  await page.goto("/login");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(
    page.getByText(
      "This passkey is not registered with StepRace. Sign in with your password, then add a passkey in your profile.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
