import { Secret, TOTP } from "otpauth";
import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";

/** What the member's authenticator app shows, `aheadMs` from now (the server allows one step of drift). */
function appCode(secret: string, aheadMs = 0): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + aheadMs,
  });
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function signedIn(page: Page) {
  await expect(page.getByText(/^Welcome(?: back)?, /)).toBeVisible({ timeout: 15_000 });
}

/** Issue 30, item 4: turn two-factor on, sign out, sign in with a code, then with a recovery code. */
test("a member turns on two-factor sign-in, then signs in with a code and with a recovery code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const v = await becomeActiveMember(page);

  await page.goto("/profile");
  await expect(page.getByTestId("two-factor-state")).toHaveText("Off");
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
  const setup = page.getByRole("dialog", { name: "Turn On Two-Factor Sign-In" });
  await expect(setup.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await setup.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is said under the field, and nothing is turned on.
  const wrong = String((Number(appCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
  await setup.getByLabel("Authentication Code").fill(wrong);
  await setup.getByRole("button", { name: "Turn On" }).click();
  await expect(setup.getByText("That code is not right.", { exact: false })).toBeVisible();

  await setup.getByLabel("Authentication Code").fill(appCode(secret));
  await setup.getByRole("button", { name: "Turn On" }).click();
  const saved = page.getByRole("dialog", { name: "Save Your Recovery Codes" });
  const items = saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  await saved.getByRole("button", { name: "I Saved Them" }).click();
  await expect(saved).toBeHidden();
  await expect(page.getByTestId("two-factor-state")).toHaveText("On");
  await expect(page.getByText("10 of 10 recovery codes left", { exact: false })).toBeVisible();

  // Signed out, the password alone no longer signs in: the code step follows.
  await page.goto("/api/logout");
  await passwordStep(page, v.username, v.password);
  const code = page.getByLabel("Authentication Code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  // The next step's code: the one used to turn it on cannot be used again.
  await code.fill(appCode(secret, 30_000));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await signedIn(page);

  // Again, with a recovery code instead.
  await page.goto("/api/logout");
  await passwordStep(page, v.username, v.password);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery Code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await signedIn(page);

  // The same recovery code does not work twice.
  await page.goto("/api/logout");
  await passwordStep(page, v.username, v.password);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery Code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(
    page.getByText("That recovery code is not right, or it was already used.", { exact: false }),
  ).toBeVisible();
  await page.getByLabel("Recovery Code").fill(codes[1]);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await signedIn(page);

  await page.goto("/profile");
  await expect(page.getByText("8 of 10 recovery codes left", { exact: false })).toBeVisible();
});
