import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "@playwright/test";
import { unfoldQuotedPrintable } from "../../src/server/test/smtp-capture";

const mailDir = resolve(".tmp/e2e-mail");
const RESET_LINK = /(https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+)/;

/**
 * The path and query of the newest password-reset link mailed to `address`. Waits for the reset
 * email itself: other messages to the same address (the welcome email) may arrive first.
 */
export async function resetLinkFor(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const f of readdirSync(mailDir).sort().reverse()) {
          const mail = JSON.parse(readFileSync(join(mailDir, f), "utf8")) as { to: string[]; raw: string };
          if (!mail.to.includes(address)) continue;
          link = RESET_LINK.exec(unfoldQuotedPrintable(mail.raw))?.[1];
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000, message: `a password-reset email to ${address}` },
    )
    .toBe(true);
  const url = new URL(link as string);
  return url.pathname + url.search;
}
