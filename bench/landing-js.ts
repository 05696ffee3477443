// `npm run bench:landing`: loads the landing page in headless Chromium at phone size and prints
// the JavaScript it fetched, raw and compressed (gzip, as a budget; brotli, as sent). Needs `npm run build`.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { serveBuiltApp } from "./support/built-app";

const { address, close } = await serveBuiltApp();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
const scripts: { url: string; raw: number; gzip: number; sent: number }[] = [];
page.on("response", async (res) => {
  if (res.request().resourceType() !== "script") return;
  const body = await res.body();
  const sizes = await res.request().sizes();
  scripts.push({
    url: new URL(res.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    sent: sizes.responseBodySize,
  });
});
await page.goto(address, { waitUntil: "networkidle" });
await page.getByText("Start Competing Now").first().waitFor();
await browser.close();
await close();

/** The README's goal for the landing page's JavaScript, gzip (issue 25). */
const GOAL_GZIP_KB = 100;
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const sum = (k: "raw" | "gzip" | "sent") => scripts.reduce((a, s) => a + s[k], 0);
console.log(
  JSON.stringify({
    page: "/",
    scripts: scripts.length,
    rawKB: kb(sum("raw")),
    gzipKB: kb(sum("gzip")),
    transferredKB: kb(sum("sent")),
    goalGzipKB: GOAL_GZIP_KB,
    met: sum("gzip") <= GOAL_GZIP_KB * 1024,
    files: scripts.map((s) => ({ url: s.url, gzipKB: kb(s.gzip) })),
  }),
);
