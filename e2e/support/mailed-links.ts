import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { unfoldQuotedPrintable } from "../../src/server/test/smtp-capture";

const mailDir = resolve(".tmp/e2e-mail");
const RESET_LINK = /(https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+)/;
const VERIFY_LINK = /(https?:\/\/\S+?\/verify-email\?token=[A-Za-z0-9_-]+)/;

/**
 * The path and query of the newest link of this kind mailed to `address`. Waits for that email
 * itself: other messages to the same address (the welcome email) may arrive first.
 */
async function newestLink(address: string, pattern: RegExp, what: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const f of readdirSync(mailDir).sort().reverse()) {
          const mail = JSON.parse(readFileSync(join(mailDir, f), "utf8")) as { to: string[]; raw: string };
          if (!mail.to.includes(address)) continue;
          link = pattern.exec(unfoldQuotedPrintable(mail.raw))?.[1];
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000, message: `${what} email to ${address}` },
    )
    .toBe(true);
  const url = new URL(link as string);
  return url.pathname + url.search;
}

/** The newest password-reset link mailed to `address`. */
export const resetLinkFor = (address: string) => newestLink(address, RESET_LINK, "a password-reset");

/** Opens the verification link mailed to the member at sign-up, as they would from their inbox. */
export async function verifyEmailFromInbox(page: Page, address: string): Promise<void> {
  await page.goto(await newestLink(address, VERIFY_LINK, "a verification"));
  await expect(page.getByRole("heading", { name: "Email Verified" })).toBeVisible({ timeout: 15_000 });
}

/** The text of the newest email to `address` that matches `pattern` (waits for it to arrive). */
export async function newestMailMatching(address: string, pattern: RegExp): Promise<string> {
  let text = "";
  await expect
    .poll(
      () => {
        for (const f of readdirSync(mailDir).sort().reverse()) {
          const mail = JSON.parse(readFileSync(join(mailDir, f), "utf8")) as { to: string[]; raw: string };
          if (!mail.to.includes(address)) continue;
          const body = unfoldQuotedPrintable(mail.raw);
          if (pattern.test(body)) {
            text = body;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `an email to ${address} matching ${pattern}` },
    )
    .toBe(true);
  return text;
}
