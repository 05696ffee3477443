import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Pgbouncer } from "../../scripts/pgbouncer";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";

/**
 * CPU time (ms) of the processes named `command` on this machine (PostgreSQL's, PgBouncer's), when
 * /proc shows it, only those started by process `parent` when given: every such process's own,
 * plus, from each whose parent is not one of them (the postmaster), what its ended children (closed
 * connections' backends) used, so that a connection closing between two readings does not take its
 * time away. Null when there is none or no /proc.
 */
export function cpuMsOf(command: string, parent?: number): number | null {
  try {
    const processes = new Map<string, { ppid: string; ticks: number; children: number }>();
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        if (stat.slice(stat.indexOf("(") + 1, close) !== command) continue;
        // After the name: state, ppid, ..., utime (12th), stime, cutime, cstime.
        const fields = stat.slice(close + 2).split(" ");
        if (parent !== undefined && Number(fields[1]) !== parent) continue;
        processes.set(pid, {
          ppid: fields[1],
          ticks: Number(fields[11]) + Number(fields[12]),
          children: Number(fields[13]) + Number(fields[14]),
        });
      } catch {
        // The process ended meanwhile.
      }
    }
    if (processes.size === 0) return null;
    let ticks = 0;
    for (const p of processes.values()) {
      ticks += p.ticks;
      if (!processes.has(p.ppid)) ticks += p.children;
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** CPU time (ms) of PostgreSQL on this machine (cpuMsOf). */
export const postgresCpuMs = () => cpuMsOf("postgres");

/** CPU time (ms) of the PgBouncer this process started (cpuMsOf), null when none runs. */
export const poolerCpuMs = () => cpuMsOf("pgbouncer", process.pid);

/**
 * Runs `work` on a scratch database `{prefix}_{time}` created on the server of `serverUrl`, and
 * drops it afterwards (also when `work` fails). With `pooler`, the app's pool reaches it through
 * that PgBouncer (DATABASE_POOL_MODE=transaction), migrations directly (DATABASE_DIRECT_URL).
 */
export async function withScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  work: (database: Database) => Promise<T>,
  pooler?: Pgbouncer,
): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // As main.ts opens it: DATABASE_POOL_SIZE connections, in DATABASE_POOL_MODE (or through the pooler).
    const { databasePoolSize, databasePoolMode } = loadConfig(process.env);
    const database = await openDatabase({
      kind: "postgres",
      url: pooler ? pooler.urlOf(name) : url.toString(),
      poolSize: databasePoolSize,
      poolMode: pooler ? "transaction" : databasePoolMode,
      directUrl: url.toString(),
    });
    try {
      return await work(database);
    } finally {
      await database.close();
      // The pool's connections end asynchronously: let them go before the drop would cut them off.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query("select 1 from pg_stat_activity where datname = $1", [name]);
        if (rows.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** Runs `work` on a scratch PGlite database in .tmp/{prefix}-{time}, removed afterwards (also when `work` fails). */
export async function withScratchPglite<T>(
  prefix: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const dataDir = path.resolve(".tmp", `${prefix}-${Date.now()}`);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
