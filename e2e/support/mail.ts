import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "@playwright/test";
import { unfoldQuotedPrintable } from "../../src/server/test/smtp-capture";

const mailDir = resolve(".tmp/e2e-mail");

/** The newest message delivered to `address` by the app's SMTP client, decoded for reading. */
export async function latestMailTo(address: string): Promise<string> {
  let body = "";
  await expect
    .poll(
      () => {
        const files = readdirSync(mailDir).sort().reverse();
        for (const f of files) {
          const mail = JSON.parse(readFileSync(join(mailDir, f), "utf8")) as { to: string[]; raw: string };
          if (mail.to.includes(address)) {
            body = unfoldQuotedPrintable(mail.raw);
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return body;
}
