import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The Content-Security-Policy sources that allow the inline scripts of the built page (index.html
 * starts its Intl-warming worker from one): `'sha256-…'` of each `<script>` without a src, exactly
 * as written, so the policy allows those scripts and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The hashes for the client's index.html in `clientDir`; none when the client is not built there. */
export function clientInlineScriptHashes(clientDir: string): string[] {
  const page = join(clientDir, "index.html");
  return existsSync(page) ? inlineScriptHashes(readFileSync(page, "utf8")) : [];
}
