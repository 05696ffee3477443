import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";

/**
 * Migrates one template database per run. PGlite: a dump of a migrated data folder that each
 * test file loads (opening a fresh PGlite is the slow part, migrating it again would double it).
 * PostgreSQL: a template database each test file copies with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const target = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  if (target === "pglite") {
    const database = await openDatabase({ kind: "pglite" });
    await migrate(database);
    const dump = await (
      database as unknown as { db: { $client: { dumpDataDir(c: string): Promise<Blob> } } }
    ).db.$client.dumpDataDir("none");
    await database.close();
    const dir = resolve(".tmp");
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    return () => rmSync(file, { force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const base = new URL(url);
  const template = `${base.pathname.slice(1)}_tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ kind: "postgres", url: templateUrl.toString(), poolSize: 2 });
  await migrate(database);
  await database.close();
  project.provide("pgTemplate", template);
  return async () => {
    // Per-file databases are dropped by their files; drop the template and any leftovers.
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`${template}_f_%`, template],
    );
    for (const row of left.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
