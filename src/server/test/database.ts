import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";

/** A migrated database of this test file's own, copied from the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const file = inject("pgliteTemplate");
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([readFileSync(file)]) });
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const template = inject("pgTemplate");
  const name = `${template}_f_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const fileUrl = new URL(url);
  fileUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: fileUrl.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
