import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type App, type AppDeps, buildApp } from "../app";
import { manualClock } from "../clock";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { auditLedger } from "../ledger/audit";
import { openTestDatabase } from "./database";
import type { Session } from "./factories";

export type TestApp = {
  app: App;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
};

/**
 * `now`: the instant the app's clock starts at (and is set back to after each test), for a file
 * whose outcome depends on the date: a month, a member's local day, a time written out. Without it
 * the clock starts at the real time (issue 29: tests pass at any hour, so only what does not
 * depend on the date may run on the real one).
 */
export type TestClockOptions = { now?: Date | string };

export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
  { now }: TestClockOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = manualClock(now ?? new Date());
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-0123456789",
    // Tests sign in many times a minute; the limit itself is tested with a low value.
    AUTH_RATE_LIMIT: "1000",
    PAYMENT_RATE_LIMIT: "1000",
    AD_EVENT_RATE_LIMIT: "1000",
    CHAT_RATE_LIMIT: "1000",
    INVITE_EMAIL_RATE_LIMIT: "1000",
    INVITE_EMAIL_DAILY_CAP: "1000",
    PUSH_SUBSCRIBE_RATE_LIMIT: "1000",
    ...env,
  });
  // Whatever a test makes a route answer must be in that route's OpenAPI entry (issue 32 item 11).
  const undocumented = new Set<string>();
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger: false,
    onUndocumentedAnswer: (a) => undocumented.add(`${a.method} ${a.url} answered ${a.status}`),
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      // Whatever the file did, the books must balance (DESIGN 2.3).
      const audit = await auditLedger(app.ctx.db);
      await app.close();
      await database.close();
      if (!audit.ok) throw new Error(`Ledger audit failed: ${JSON.stringify(audit.mismatches)}`);
      if (undocumented.size > 0) {
        throw new Error(
          `Answers their OpenAPI entry does not list (add them to the route's schema.response): ${[...undocumented].join("; ")}`,
        );
      }
    },
  };
}

/** One app and database for the whole test file, opened before its tests and closed after. */
export function useTestApp(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
  clockOptions: TestClockOptions = {},
) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(env, deps, clockOptions);
  });
  // A test that moves the clock must not leak it into the next one, even when it fails midway.
  afterEach(() => {
    current?.clock.set(clockOptions.now ?? new Date());
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("test app not ready");
    return current;
  };
}

/** A request as `session`'s member (signed out when null), with an optional JSON body. */
export function callAs(
  app: App,
  session: Session | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: session?.headers ?? {}, ...(payload ? { payload } : {}) });
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** Asserts the books balance now (every currency sums to zero, every balance equals its transfers). */
export async function expectBooksBalanced(app: App): Promise<void> {
  const audit = await auditLedger(app.ctx.db);
  expect(audit.ok, JSON.stringify(audit.mismatches)).toBe(true);
}
