// Readiness (issue 31, part 4): whether a load balancer should send this process requests. Unlike
// liveness (/api/health), it is false while the database does not answer, while a committed
// migration is not applied yet, and from the moment the process starts shutting down.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, queryRows } from "../db/client";
import { migrationsFolder } from "../db/migrate";
import { storableErrorMessage } from "../errors";

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the database has to answer a readiness check before the process counts as not ready. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * The committed migrations' times (the journal's `when`), which drizzle's migrator records as
 * `created_at` of each one it applies; it applies those newer than the newest recorded.
 */
export function committedMigrationTimes(folder = migrationsFolder): number[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/** A database error's SQLSTATE, through the query error that wraps it. */
function sqlState(err: unknown): string | undefined {
  for (let e = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** SQLSTATEs of a database the migrator never ran on: its schema or table is missing. */
const NEVER_MIGRATED = new Set(["3F000", "42P01"]);

/** How many committed migrations the database has not applied (all of them when it never migrated). */
async function migrationsMissing(db: Db, committed: number[]): Promise<number> {
  try {
    const [row] = await queryRows<{ last: string | null }>(
      db,
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const last = row?.last === null || row?.last === undefined ? -1 : Number(row.last);
    return committed.filter((when) => when > last).length;
  } catch (err) {
    if (NEVER_MIGRATED.has(sqlState(err) ?? "")) return committed.length;
    throw err;
  }
}

/** Rejects after `ms`, so that a database that hangs answers "not ready" rather than never. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The readiness check of one process. Once every committed migration is seen applied it stays so
 * (migrations are never unapplied), so a ready process asks the database only `select 1`. Each
 * change of the answer is logged once, not every probe.
 */
export function readinessCheck(
  db: Db,
  stopping: AbortSignal,
  log: FastifyBaseLogger,
  { committed = committedMigrationTimes(), timeoutMs = READINESS_TIMEOUT_MS } = {},
): () => Promise<Readiness> {
  let migrated = false;
  let lastReason: string | null = null;
  const assess = async (): Promise<Readiness> => {
    if (stopping.aborted) return { ready: false, reason: "The server is shutting down" };
    try {
      if (migrated) await within(db.execute(sql`select 1`), timeoutMs);
      else {
        const missing = await within(migrationsMissing(db, committed), timeoutMs);
        if (missing > 0)
          return {
            ready: false,
            reason: `The database is not migrated: ${missing} of ${committed.length} migrations are not applied`,
          };
        migrated = true;
      }
    } catch (err) {
      return { ready: false, reason: `The database does not answer: ${storableErrorMessage(err)}` };
    }
    if (stopping.aborted) return { ready: false, reason: "The server is shutting down" };
    return { ready: true };
  };
  return async () => {
    const answer = await assess();
    const reason = answer.ready ? null : answer.reason;
    if (reason !== lastReason) {
      if (reason) log.warn({ reason }, "not ready");
      else if (lastReason) log.info("ready again");
      lastReason = reason;
    }
    return answer;
  };
}
