import type { Page } from "@playwright/test";

/**
 * A JSON call from a signed-in page: its session cookie and the device fingerprint the session
 * was created with (the app keeps it in localStorage), as the app sends them.
 */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          "Content-Type": "application/json",
          "X-Device-Fingerprint": localStorage.getItem("deviceFingerprint") ?? "",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/**
 * Opens the app's sign-in page and waits for the device fingerprint the app stores as it starts,
 * so that requests sent from the page (callApi) carry it as the screens' do.
 */
export async function openAppForRequests(page: Page): Promise<void> {
  await page.goto("/login");
  await page.waitForFunction(() => localStorage.getItem("deviceFingerprint"));
}

/**
 * Signs in with the request the sign-in form sends (sign-in.spec.ts walks the form), then opens
 * the dashboard: the session is this browser's, bound to its fingerprint.
 */
export async function signInByApi(page: Page, username: string, password: string): Promise<void> {
  await openAppForRequests(page);
  const deviceFingerprint = await page.evaluate(() => localStorage.getItem("deviceFingerprint"));
  const answer = await callApi<{ twoFactorRequired?: boolean }>(page, "POST", "/api/auth/login", {
    username,
    password,
    deviceFingerprint,
  });
  if (answer.status !== 200 || answer.body.twoFactorRequired)
    throw new Error(`Sign-in of ${username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await page.goto("/");
}
