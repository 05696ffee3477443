import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverCommand } from "./test/server-process";

/** main.ts as an operator starts it (serverCommand). */
function start(env: Record<string, string>) {
  const { command, args } = serverCommand();
  return spawnSync(command, args, {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("starting the server (issue 21: production never runs on pretend money)", () => {
  it("exits non-zero in production on the sandboxes, naming the settings to give, before opening a database", () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "steprace-main-")), "data");
    const run = start({
      NODE_ENV: "production",
      PUBLIC_URL: "https://steprace.example",
      SESSION_SECRET: "a-long-enough-secret-for-production",
      DATA_DIR: dataDir,
      PORT: "0",
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    for (const setting of [
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PUBLISHABLE_KEY",
      "GIFT_CARD_PROVIDER",
      "ALLOW_SANDBOX_IN_PRODUCTION=1",
    ]) {
      expect(run.stderr).toContain(setting);
    }
    // The message, not a stack trace; and nothing was created.
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(() => readdirSync(dataDir)).toThrow();
  });
});
