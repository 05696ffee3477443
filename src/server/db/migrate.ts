import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { projectRoot } from "../paths";
import { type Database, type Db, queryRows } from "./client";

export const migrationsFolder = resolve(projectRoot, "drizzle");

/**
 * The advisory lock key the migrations are applied under: the one the earlier session lock took,
 * so a process still on it and one on the transaction lock never migrate at the same time.
 */
const MIGRATION_LOCK = 72731;

/**
 * Applies the committed SQL migrations not applied yet. Several processes may start at once on
 * PostgreSQL: each applies them in one transaction that first takes a transaction-level advisory
 * lock, so the first to get it applies them and the others, once it commits, find nothing left
 * to do. No session lock: nothing is held past the transaction, so it works on a connection a
 * transaction pooler lends too; it runs on DATABASE_DIRECT_URL when set (`sessionUrl`).
 */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await applyPending(database.db);
    return;
  }
  const client = new pg.Client({ connectionString: database.sessionUrl ?? database.url });
  await client.connect();
  try {
    await applyPending(drizzle(client) as unknown as Db);
  } finally {
    await client.end();
  }
}

/**
 * One transaction: the lock, then each migration newer than the last one recorded, recorded in
 * drizzle's own bookkeeping (drizzle.__drizzle_migrations: the file's sha256 and its journal time),
 * exactly as drizzle's migrator records them, so either can take over from the other.
 */
async function applyPending(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(MIGRATION_LOCK))})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const [last] = await queryRows<{ createdAt: string | number }>(
      tx,
      sql`select created_at as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const appliedUpTo = last ? Number(last.createdAt) : Number.NEGATIVE_INFINITY;
    for (const migration of migrations) {
      if (migration.folderMillis <= appliedUpTo) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`);
    }
  });
}
