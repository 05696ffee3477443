import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useTestApp } from "../test/test-app";
import { memberPreloads, type RoutePreloads, withModulePreloads } from "./route-preloads";
import { SESSION_COOKIE } from "./viewer";

const preloads: RoutePreloads = {
  shell: ["/assets/members-1.js", "/assets/icons-1.js"],
  pages: {
    mobileDashboard: ["/assets/mobile-dashboard-page-1.js", "/assets/members-1.js"],
    desktopDashboard: ["/assets/desktop-dashboard-page-1.js"],
    wallet: ["/assets/wallet-page-1.js", "/assets/api-1.js"],
    groupDetail: ["/assets/group-detail-page-1.js"],
    connectStepSource: ["/assets/connect-page-1.js"],
  },
  routes: [
    { pattern: "/wallet", page: "wallet", shell: true },
    { pattern: "/groups/:id", page: "groupDetail", shell: true },
    { pattern: "/connect/:vendor", page: "connectStepSource", shell: false },
  ],
};
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

describe("memberPreloads", () => {
  it("names a screen's chunks and its layout's, once each", () => {
    expect(memberPreloads(preloads, "/wallet", PHONE)).toEqual([
      "/assets/members-1.js",
      "/assets/icons-1.js",
      "/assets/wallet-page-1.js",
      "/assets/api-1.js",
    ]);
    expect(memberPreloads(preloads, "/groups/12", PHONE)).toContain("/assets/group-detail-page-1.js");
    expect(memberPreloads(preloads, "/groups/12/", PHONE)).toContain("/assets/group-detail-page-1.js");
  });

  it("gives the dashboard of the device's kind at / and /dashboard, as the access gate does", () => {
    expect(memberPreloads(preloads, "/", PHONE)).toContain("/assets/mobile-dashboard-page-1.js");
    expect(memberPreloads(preloads, "/dashboard", LAPTOP)).toContain("/assets/desktop-dashboard-page-1.js");
    expect(memberPreloads(preloads, "/", LAPTOP)).not.toContain("/assets/mobile-dashboard-page-1.js");
  });

  it("leaves out the layout for a screen without it, and names nothing for unknown paths", () => {
    expect(memberPreloads(preloads, "/connect/withings", PHONE)).toEqual(["/assets/connect-page-1.js"]);
    expect(memberPreloads(preloads, "/nowhere", PHONE)).toEqual([]);
    expect(memberPreloads(preloads, "/groups", PHONE)).toEqual([]);
    expect(memberPreloads(preloads, "/groups/", PHONE)).toEqual([]);
  });

  it("reads a long path in linear time, and a path longer than any screen's not at all", () => {
    const started = performance.now();
    expect(memberPreloads(preloads, `/${"/".repeat(100_000)}a`, PHONE)).toEqual([]);
    expect(memberPreloads(preloads, `/wallet${"/".repeat(150)}`, PHONE)).toContain(
      "/assets/wallet-page-1.js",
    );
    expect(memberPreloads(preloads, `/wallet${"/".repeat(300)}`, PHONE)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("puts the links in the page's head", () => {
    expect(
      withModulePreloads("<html><head><title>x</title></head><body></body></html>", ["/assets/a.js"]),
    ).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js"></head><body></body></html>',
    );
  });
});

/** index.html's inline script (the Intl-warming worker's start). */
const BOOT_SCRIPT = 'try{new Worker("/warm-intl.js")}catch(e){}';

describe("the served app page", () => {
  const t = useTestApp();
  let app: Awaited<ReturnType<typeof buildApp>>;
  const clientDir = mkdtempSync(path.join(tmpdir(), "steprace-client-"));

  beforeAll(async () => {
    writeFileSync(
      path.join(clientDir, "index.html"),
      `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><title>StepRace</title></head></html>`,
    );
    writeFileSync(path.join(clientDir, "route-preloads.json"), JSON.stringify(preloads));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "assets", "wallet-page-1.js"), "export {};");
    app = await buildApp({
      config: { ...t().app.ctx.config, clientDir },
      db: t().app.ctx.db,
      clock: t().clock,
      logger: false,
      serveClient: true,
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie: boolean, userAgent = PHONE) =>
    app.inject({
      url,
      headers: { "user-agent": userAgent, ...(cookie ? { cookie: `${SESSION_COOKIE}=abc` } : {}) },
    });

  it("names the screen's chunks to a browser with a session cookie", async () => {
    const res = await page("/wallet", true);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toContain("Cookie");
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/wallet-page-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/members-1.js">');
    const home = await page("/", true);
    expect(home.body).toContain('href="/assets/mobile-dashboard-page-1.js"');
  });

  it("sends the page as built to a visitor and for paths no member screen has", async () => {
    for (const res of [await page("/wallet", false), await page("/nowhere", true), await page("/", false)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>StepRace</title>");
      expect(res.body).not.toContain("modulepreload");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("allows the page's own inline script, by its hash, and no other", async () => {
    const res = await page("/wallet", true);
    expect(res.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
    const scriptSrc = String(res.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("script-src"));
    // The hash Chromium names when it refuses this script under a policy without it.
    expect(scriptSrc).toBe(
      "script-src 'self' https://js.stripe.com 'sha256-omSekGD+vBy6019yjcJXIZLoLLhndZiucg26acAuAjk='",
    );
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("still serves the built files themselves", async () => {
    const res = await page("/assets/wallet-page-1.js", true);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("export {};");
  });
});
