// Used by scripts/e2e-server.ts only (never by a journey): it opens the database itself.
import pg from "pg";
import { type DatabaseOptions, openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { insertActiveMember } from "../../src/server/test/seed-member";
import { E2E_ADMIN } from "./admin";

/**
 * A new, empty PostgreSQL database for the journeys' server on `port`, on the server of `serverUrl`
 * (TEST_DATABASE_URL): named after that URL's database and the port, so that a run's servers never
 * share one, a server started again replaces its last one, and .ci/run drops them all as it ends.
 * Answers its address.
 */
export async function freshE2eDatabase(serverUrl: string, port: number): Promise<string> {
  const url = new URL(serverUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || "postgres"}_e2e_${port}`;
  // PostgreSQL would cut a longer name, and two servers could then share (and drop) one database.
  if (Buffer.byteLength(name) > 63)
    throw new Error(`TEST_DATABASE_URL's database name is too long for ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/**
 * Creates the journeys' site admin in the server's new database before the server opens it: the
 * app has no way to make an admin over HTTP (DESIGN.md: `npm run admin`), so this is done once,
 * first (the database is migrated here; the server finds it migrated).
 */
export async function seedE2eAdmin(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrate(database);
    await insertActiveMember(database.db, { ...E2E_ADMIN, isAdmin: true });
  } finally {
    await database.close();
  }
}
