import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { type DatabaseOptions, openDatabase } from "./client";
import { migrate, migrationsFolder } from "./migrate";

/** The committed migrations, as drizzle reads them (its bookkeeping stores their hash and time). */
export const committed = readMigrationFiles({ migrationsFolder });

/** What drizzle's bookkeeping should hold once every committed migration is applied. */
export const committedBookkeeping = () => committed.map((m) => [m.hash, String(m.folderMillis)]);

export type Applied = { id: number; hash: string; createdAt: string };

/** Runs `work` on a connection of its own to `url`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** drizzle's bookkeeping of `url`'s database: what was applied, in order. */
export function appliedOn(url: string): Promise<Applied[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<Applied>(
      `select id, hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`,
    );
    return rows;
  });
}

/** Opens the database of `options`, migrates it as a start-up of the app does, and closes it. */
export async function migrateAt(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}
