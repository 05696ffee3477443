// `npm run bench:member-js`: the JavaScript each member page fetches on a cold first load, in
// headless Chromium at phone size, signed in as the page benchmarks' member (HTTP cache cleared
// before each page, as a member's first visit of the day after an update): the scripts' count and
// their size compressed (gzip level 9, as a budget). What every member page's first load carries
// (the entry, the app, the members' layout and common files) shows in every line. Counted until the
// network is quiet: on a host slow enough to take 3 s, the menus' code, which a screen warms then, too.
// Needs `npm run build`. PAGES="/wallet,/groups/:id" picks pages. Prints one JSON line.
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";
import { serveBuiltApp } from "./support/built-app";
import { signInPageMember } from "./support/page-member";

const allPages = [
  "/",
  "/competitions",
  "/wallet",
  "/groups",
  "/groups/:id",
  "/points",
  "/redeem",
  "/profile",
  "/notifications",
];
const pages = process.env.PAGES?.split(",").map((p) => p.trim()) ?? allPages;

const { address, groupId, close } = await serveBuiltApp({ pageMember: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
await signInPageMember(page, address);
const cdp = await context.newCDPSession(page);

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const results = [];
for (const path of pages) {
  const scripts: { file: string; gzip: number }[] = [];
  const onResponse = async (res: Response) => {
    if (res.request().resourceType() !== "script") return;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ file: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
  };
  await page.goto("about:blank");
  await cdp.send("Network.clearBrowserCache");
  page.on("response", onResponse);
  await page.goto(address + path.replace(":id", String(groupId)));
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  results.push({
    page: path,
    scripts: scripts.length,
    gzipKB: kb(scripts.reduce((sum, s) => sum + s.gzip, 0)),
    files: scripts.map((s) => ({ file: s.file, gzipKB: kb(s.gzip) })),
  });
}
await browser.close();
await close();
console.log(JSON.stringify({ benchmark: "member pages' first-load JavaScript", pages: results }));
