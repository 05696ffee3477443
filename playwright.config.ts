import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3290);
/** A second journeys' server whose gift cards are ordered from a fake Tremendous (e2e-server.ts). */
export const tremendousPort = port + 10;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sandbox", testIgnore: /gift-card-orders/ },
    {
      name: "tremendous",
      testMatch: /gift-card-orders/,
      use: { baseURL: `http://127.0.0.1:${tremendousPort}` },
    },
  ],
  // Started one after the other: the second serves the client the first one built.
  webServer: [
    {
      command: "npm run build --silent && node --import tsx scripts/e2e-server.ts",
      url: `http://127.0.0.1:${port}/api/health`,
      env: { PORT: String(port) },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "node --import tsx scripts/e2e-server.ts",
      url: `http://127.0.0.1:${tremendousPort}/api/health`,
      env: { PORT: String(tremendousPort), E2E_GIFT_CARDS: "tremendous" },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
