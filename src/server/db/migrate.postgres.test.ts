import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { useScratchDatabases } from "../test/database";
import { migrationsFolder } from "./migrate";
import { appliedOn, committed, committedBookkeeping, migrateAt, withClient } from "./migrate-test-kit";

const onPostgres = process.env.TEST_DB === "postgres";

/** Every relation, column, index, constraint and function of the public schema, one line each. */
async function schemaOf(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ line: string }>(`
      select 'relation ' || c.relname || ' ' || c.relkind::text as line
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
      union all
      select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
          || ' ' || coalesce(column_default, '')
        from information_schema.columns where table_schema = 'public'
      union all
      select 'index ' || indexdef from pg_indexes where schemaname = 'public'
      union all
      select 'constraint ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select 'function ' || md5(pg_get_functiondef(p.oid))
        from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      order by 1`);
    return rows.map((r) => r.line);
  });
}

/** Migrates `url`'s database with drizzle's own migrator, with the first `count` committed migrations only. */
async function migrateWithDrizzle(url: string, count = committed.length) {
  const folder = mkdtempSync(path.join(tmpdir(), "steprace-migrations-"));
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
    journal.entries = journal.entries.slice(0, count);
    mkdirSync(path.join(folder, "meta"));
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[])
      copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await withClient(url, (client) => drizzleMigrate(drizzle(client), { migrationsFolder: folder }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** DESIGN 2.5: several processes start at once against one PostgreSQL, with no session lock between them. */
describe.skipIf(!onPostgres)("migrations on PostgreSQL", { timeout: 120_000 }, () => {
  const fresh = useScratchDatabases();

  it("are applied once when four start-ups migrate an empty database at the same moment", async () => {
    const empty = await fresh();
    await Promise.all([1, 2, 3, 4].map(() => migrateAt({ kind: "postgres", url: empty.url, poolSize: 1 })));
    const applied = await appliedOn(empty.url);
    expect(applied.map((a) => [a.hash, a.createdAt])).toEqual(committedBookkeeping());
  });

  it("leave a database migrated by drizzle's migrator as it is, and take over from it part way", async () => {
    const byDrizzle = await fresh();
    await migrateWithDrizzle(byDrizzle.url);
    const bookkeeping = await appliedOn(byDrizzle.url);
    const schema = await schemaOf(byDrizzle.url);
    expect(bookkeeping).toHaveLength(committed.length);

    await migrateAt({ kind: "postgres", url: byDrizzle.url, poolSize: 1 });
    expect(await appliedOn(byDrizzle.url)).toEqual(bookkeeping);
    expect(await schemaOf(byDrizzle.url)).toEqual(schema);

    // An older release migrated the first ten with drizzle's migrator; this one applies the rest.
    const partly = await fresh();
    await migrateWithDrizzle(partly.url, 10);
    await migrateAt({ kind: "postgres", url: partly.url, poolSize: 1 });
    const applied = await appliedOn(partly.url);
    expect(applied.map((a) => [a.hash, a.createdAt])).toEqual(bookkeeping.map((a) => [a.hash, a.createdAt]));
    expect(await schemaOf(partly.url)).toEqual(schema);
  });
});
