import pg from "pg";
import type { Database } from "../db/client";

/**
 * Tests of what happens when another transaction holds a lock: only PostgreSQL has other
 * connections (PGlite has one, so nothing else can hold a lock there).
 */
export const hasOtherConnections = (database: Database): database is Database & { url: string } =>
  database.kind === "postgres" && database.url !== undefined;

export type AnotherTransaction = {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  commit(): Promise<void>;
  /**
   * Whether some other session of this database waits for a lock: asked until one does, for up to
   * about 10 s (a loaded machine, or a transaction pooler lending the app a connection, can take
   * seconds before the other session reaches the lock).
   */
  someoneWaits(): Promise<boolean>;
};

/**
 * Runs `fn` with a transaction begun on a connection of its own to the test's database; `fn`
 * commits it, or it is rolled back when the connection closes after `fn`.
 */
export async function inAnotherTransaction(
  database: Database & { url: string },
  fn: (other: AnotherTransaction) => Promise<void>,
): Promise<void> {
  // PostgreSQL itself, as another client of the database would be: not through the app's pooler
  // (the tests behind PgBouncer), where it would take one of the app's few server connections.
  const client = new pg.Client({ connectionString: database.sessionUrl ?? database.url });
  await client.connect();
  try {
    await client.query("begin");
    const waiting = async () =>
      (
        await client.query(
          `select 1 from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rowCount === 1;
    await fn({
      query: (text, values) => client.query(text, values),
      commit: async () => {
        await client.query("commit");
      },
      someoneWaits: async () => {
        for (let i = 0; i < 1000; i++) {
          if (await waiting()) return true;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return false;
      },
    });
  } finally {
    await client.end();
  }
}
