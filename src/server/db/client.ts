import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Config } from "../config";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A pool's connections, for the metrics: open ones, idle ones, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };
/**
 * How the pool's connections reach PostgreSQL (DATABASE_POOL_MODE). `session`: each is a server
 * session of its own (directly, or a pooler in session mode). `transaction`: a pooler such as
 * PgBouncer in transaction mode hands each transaction whichever server connection is free, so no
 * statement may count on what an earlier transaction left on its connection (a named prepared
 * statement, a session lock, a session SET).
 */
export type PoolMode = "session" | "transaction";

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection string the pool uses. */
  url?: string;
  /** The pool's connections now (PGlite has one connection and no pool: zeros). */
  poolStats(): PoolStats;
  /** PostgreSQL only: how the pool reaches the server. */
  poolMode?: PoolMode;
  /**
   * PostgreSQL only: where work that needs a server session of its own connects (migrations, a
   * dedicated connection): DATABASE_DIRECT_URL when set, else `url`.
   */
  sessionUrl?: string;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; poolMode?: PoolMode; directUrl?: string }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/**
 * The pools whose connections are each a server session of their own (DATABASE_POOL_MODE=session):
 * only there are hot-path statements named. Anything else (a pool behind a transaction pooler, a
 * transaction handed in as a Db, PGlite, which ignores the name) gets them unnamed.
 */
const namedStatements = new WeakSet<Db>();

/** The database the settings name: PostgreSQL at DATABASE_URL (as DATABASE_POOL_* say), else PGlite in DATA_DIR. */
export function configuredDatabase(
  config: Pick<
    Config,
    "databaseUrl" | "databasePoolSize" | "databasePoolMode" | "databaseDirectUrl" | "dataDir"
  >,
): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        poolMode: config.databasePoolMode,
        directUrl: config.databaseDirectUrl,
      }
    : { kind: "pglite", dataDir: config.dataDir };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that drops (database restart) must not crash the process; the pool reconnects.
    pool.on("error", (err) => console.error("postgres pool error:", err.message));
    const db = dbOnPool(pool);
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    const poolMode = options.poolMode ?? "session";
    if (poolMode === "session") namedStatements.add(db);
    return {
      db,
      kind: "postgres",
      url: options.url,
      poolMode,
      sessionUrl: options.directUrl ?? options.url,
      poolStats,
      close: () => pool.end(),
    };
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
 * The name to prepare a hot-path statement under on `db`: `name` where each pool connection is a
 * server session of its own (parsed once per connection, then only bound), else the empty name,
 * which node-postgres sends unnamed (parsed with each call, in the same round trip): behind a
 * transaction pooler a named one would live on one server connection only, and the next
 * transaction may get another ("prepared statement ... does not exist").
 */
function statementName(db: Db, name: string): string {
  return namedStatements.has(db) ? name : "";
}

/**
 * Something built once per database by `build`: a statement asked on hot paths (every request,
 * every sync, every poll), prepared under `name(...)` (statementName), or machinery of that
 * database's own (the grouped step syncs).
 */
export function preparedOnce<T>(build: (db: Db, name: (statement: string) => string) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db, (name) => statementName(db, name));
      built.set(db, statement);
    }
    return statement;
  };
}
