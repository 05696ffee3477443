import { defineConfig } from "@playwright/test";
import { e2ePort, e2eWorkers, tremendousPort } from "./e2e/support/servers";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * A journeys' server (scripts/e2e-server.ts): a fresh database of its own (PostgreSQL with
 * TEST_DATABASE_URL, else embedded).
 */
const journeysServer = (port: number, env: Record<string, string> = {}, build = false) => ({
  command: `${build ? "npm run build --silent && " : ""}node --import tsx scripts/e2e-server.ts`,
  url: `http://127.0.0.1:${port}/api/health`,
  env: { PORT: String(port), ...env },
  timeout: build ? 180_000 : 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run side by side, each worker on its own server (e2e/support/servers.ts); a file's
  // journeys run in order.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json"]],
  use: {
    browserName: "chromium",
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    // Dates follow the browser's locale (src/web/lib/format.ts): the journeys read American English.
    locale: "en-US",
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // Recording a trace (DOM snapshots and a screencast of every action) costs a third of the
    // journeys' CPU: in CI only a retry records one, so a journey that fails shows its trace from
    // the second try; a local run keeps the trace of one that fails.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sandbox", testIgnore: /gift-card-orders/ },
    { name: "tremendous", testMatch: /gift-card-orders/ },
  ],
  // Started one after the other: the first builds the client the others serve. One sandbox server
  // per worker, and one whose gift cards are ordered from a fake Tremendous.
  webServer: [
    ...Array.from({ length: e2eWorkers }, (_, i) => journeysServer(e2ePort + i, {}, i === 0)),
    journeysServer(tremendousPort, { E2E_GIFT_CARDS: "tremendous" }),
  ],
});
