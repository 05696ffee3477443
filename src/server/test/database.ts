import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { type Database, openDatabase } from "../db/client";

/** The address of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the test server (TEST_DATABASE_URL), directly, on a connection of its own. */
async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A new database on the test server: a copy of `template`, or empty. Named after the run's template,
 * so that the run drops it (global-setup) if its file does not.
 */
export async function createTestDatabase(template?: string): Promise<ScratchDatabase> {
  const name = `${inject("pgTemplate")}_f_${randomBytes(4).toString("hex")}`;
  await onTestServer(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  return {
    name,
    url: databaseUrl(process.env.TEST_DATABASE_URL as string, name),
    drop: () => onTestServer(`drop database if exists "${name}" with (force)`),
  };
}

/** Empty databases for one test file's tests (createTestDatabase), all dropped after them. */
export function useScratchDatabases(): () => Promise<ScratchDatabase> {
  const created: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const database of created) await database.drop();
  });
  return async () => {
    const database = await createTestDatabase();
    created.push(database);
    return database;
  };
}

/**
 * A migrated database of this test file's own, copied from the run's template. Created, dropped and
 * migrated on TEST_DATABASE_URL's server directly; with TEST_POOLER_URL (a PgBouncer in transaction
 * mode in front of that server, as `npm test` runs the competitions, groups and steps tests once
 * more) the app's pool goes through the pooler, with more connections than it has for the database.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const file = inject("pgliteTemplate");
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([readFileSync(file)]) });
  }
  const pooler = process.env.TEST_POOLER_URL || undefined;
  const scratch = await createTestDatabase(inject("pgTemplate"));
  const database = await openDatabase({
    kind: "postgres",
    url: pooler ? databaseUrl(pooler, scratch.name) : scratch.url,
    poolSize: 10,
    poolMode: pooler ? "transaction" : "session",
    directUrl: scratch.url,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
