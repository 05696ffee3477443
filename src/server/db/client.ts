import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A pool's connections, for the metrics: open ones, idle ones, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection string, for work that needs a dedicated connection. */
  url?: string;
  /** The pool's connections now (PGlite has one connection and no pool: zeros). */
  poolStats(): PoolStats;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that drops (database restart) must not crash the process; the pool reconnects.
    pool.on("error", (err) => console.error("postgres pool error:", err.message));
    const db = dbOnPool(pool);
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: "postgres", url: options.url, poolStats, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    // PGlite does not create parent folders itself.
    dataDir = resolve(options.dataDir, "pglite");
    mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  const poolStats = () => ({ total: 0, idle: 0, waiting: 0 });
  return { db, kind: "pglite", poolStats, close: () => client.close() };
}

export { schema };

/** Drizzle on a node-postgres pool, as every PostgreSQL Db of the app is made (the replica's too). */
export function dbOnPool(pool: pg.Pool): Db {
  return drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Something built once per database by `build`: a statement asked on hot paths (every request,
 * every sync, every poll), prepared by name on each connection as it is first used there, or
 * machinery of that database's own (the grouped step syncs).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
