// The server the browser journeys talk to: a fresh embedded database, no demo data, and a local
// SMTP server that writes every delivered message to .tmp/e2e-mail so a journey can open its links.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { seedE2eAdmin } from "../e2e/support/seed-admin";
import { startSmtpCapture } from "../src/server/test/smtp-capture";

const mailDir = resolve(".tmp/e2e-mail");
mkdirSync(mailDir, { recursive: true });
// Beside the web port by default, so two journeys servers on different ports never share a mail catcher.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.PORT ?? 3290) + 1000);
let seq = 0;
await startSmtpCapture((mail) => {
  seq += 1;
  writeFileSync(join(mailDir, `${Date.now()}-${seq}.json`), JSON.stringify({ to: mail.to, raw: mail.raw }));
}, smtpPort);

const dataDir = mkdtempSync(join(tmpdir(), "steprace-e2e-"));
// The journeys' site admin (e2e/support/admin.ts): no HTTP call can make one.
await seedE2eAdmin(dataDir);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DEMO: "0",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  AUTH_RATE_LIMIT: "1000",
  JOB_TICK_MS: "1000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
await import("../src/server/main");
