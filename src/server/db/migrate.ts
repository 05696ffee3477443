import { resolve } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../paths";
import type { Database } from "./client";

export const migrationsFolder = resolve(projectRoot, "drizzle");

/** Applies the committed SQL migrations. Several processes may start at once on PostgreSQL. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own database type
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // One dedicated connection holds an advisory lock so that concurrent start-ups migrate once.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(72731)");
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
