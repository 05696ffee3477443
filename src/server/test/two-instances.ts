import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { hasOtherConnections } from "./another-transaction";
import { buildTestApp, type TestApp, type TestClockOptions } from "./test-app";

/**
 * DESIGN 2.5: any number of processes serve one database. A test app plus a second app instance
 * with its own connection pool on the same database (on PostgreSQL; PGlite has one connection,
 * so there they share it), opened before the file's tests and closed after. They share one clock,
 * which starts at `clockOptions.now` (the real time without it) and is not set back between tests.
 */
export function useTwoInstances(
  env: Record<string, string> = {},
  clockOptions: TestClockOptions = {},
): () => { first: TestApp; second: App } {
  let first: TestApp | undefined;
  let second: App | undefined;
  let secondDb: Database | undefined;

  beforeAll(async () => {
    first = await buildTestApp(env, {}, clockOptions);
    const database = first.database;
    if (hasOtherConnections(database)) {
      // As the first reaches the database: directly, or through the same pooler.
      secondDb = await openDatabase({
        kind: "postgres",
        url: database.url,
        poolSize: 10,
        poolMode: database.poolMode,
        directUrl: database.sessionUrl,
      });
    }
    second = await buildApp({
      config: first.app.ctx.config,
      db: secondDb?.db ?? first.app.ctx.db,
      clock: first.clock,
      logger: false,
    });
    await second.ready();
  });

  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  return () => {
    if (!first || !second) throw new Error("test apps not ready");
    return { first, second };
  };
}
