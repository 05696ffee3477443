// The server the browser journeys talk to: a fresh embedded database, no demo data, and a local
// SMTP server that writes every delivered message to .tmp/e2e-mail so a journey can open its links.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";

const mailDir = resolve(".tmp/e2e-mail");
mkdirSync(mailDir, { recursive: true });
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3291);
let seq = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    stream.on("end", () => {
      seq += 1;
      const to = session.envelope.rcptTo.map((r) => r.address);
      writeFileSync(join(mailDir, `${Date.now()}-${seq}.json`), JSON.stringify({ to, raw }));
      callback();
    });
  },
});
await new Promise<void>((done) => smtp.listen(smtpPort, "127.0.0.1", done));

Object.assign(process.env, {
  DATA_DIR: mkdtempSync(join(tmpdir(), "steprace-e2e-")),
  DEMO: "0",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  AUTH_RATE_LIMIT: "1000",
  JOB_TICK_MS: "1000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
await import("../src/server/main");
