// `npm run bench:step-storage`: what step_batches costs on disk (issue 25, item 3). Members sync
// through step_sync (the function every sync calls) day after simulated day, in the order live
// traffic has (by time, members interleaved); after each day the table and all its indexes are
// measured (every partition when it is partitioned). Reports the bytes per sync, the projection of
// a year for 100,000 members at the usage (two hours a day with the app open, one sync per
// SYNC_INTERVAL_MS), and each member's share of the storage week by week: with the retention job
// (steps feature, batch-retention) it runs after each day, as the scheduler would, so the share
// stops growing after the retention window. On PGlite always, on PostgreSQL when DATABASE_URL is
// set (a scratch database is created and dropped). Prints one JSON line, last.

import { sql } from "drizzle-orm";
import { SYNC_INTERVAL_MS } from "../src/core/constants";
import { type Database, queryRows } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { withScratchDatabase, withScratchPglite } from "./support/postgres";
import { round } from "./support/stats";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 42);
/** Syncs per member per simulated day: fewer than a real day's, so a run takes seconds, not hours. */
const SYNCS_PER_DAY = Number(process.env.BENCH_SYNCS_PER_DAY ?? 24);
const DAY_MS = 24 * 3600 * 1000;
/** The usage: two hours a day with the app open, one sync every SYNC_INTERVAL_MS. */
const APP_OPEN_MS_PER_DAY = 2 * 3600 * 1000;
const REAL_SYNCS_PER_DAY = APP_OPEN_MS_PER_DAY / SYNC_INTERVAL_MS;
const PROJECTED_MEMBERS = 100_000;

type Retention = (db: Database["db"], now: Date) => Promise<unknown>;

/** The retention job of the steps feature, when this version of the code has one. */
async function retentionJob(): Promise<Retention | null> {
  try {
    const module = (await import("../src/server/features/steps/batch-retention")) as {
      retainStepBatches?: Retention;
    };
    return module.retainStepBatches ?? null;
  } catch {
    return null;
  }
}

async function storage(db: Database["db"]) {
  const [row] = await queryRows<{ bytes: string; rows: string; partitions: number }>(
    db,
    // A table that is not partitioned has no tree: its own size then.
    sql`select coalesce(sum(pg_total_relation_size(t.relid)), pg_total_relation_size('step_batches'))::bigint as bytes,
        (select count(*) from step_batches)::bigint as rows,
        count(*) filter (where t.isleaf and t.level > 0)::int as partitions
      from pg_partition_tree('step_batches') t`,
  );
  return { bytes: Number(row.bytes), rows: Number(row.rows), partitions: row.partitions };
}

async function bench(database: Database) {
  await migrate(database);
  const db = database.db;
  const retain = await retentionJob();
  // Members created a week before the first simulated day, so their plausibility budget allows
  // the syncs (20 steps each, an hour apart).
  const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  await db.execute(sql`insert into users (username, email, password_hash, first_name, last_name, created_at)
    select 'storage' || i, 'storage' || i || '@bench.local', 'x', 'Bench', 'Member',
      ${new Date(start.getTime() - 7 * DAY_MS).toISOString()}::timestamptz
    from generate_series(1, ${MEMBERS}) i`);
  const series: { day: number; partitions: number; rows: number; bytesPerMember: number }[] = [];
  const began = performance.now();
  for (let day = 0; day < DAYS; day++) {
    // Hour by hour, every member's sync of that hour, as live traffic arrives.
    for (let k = 0; k < SYNCS_PER_DAY; k++) {
      const at = new Date(start.getTime() + day * DAY_MS + (k * DAY_MS) / SYNCS_PER_DAY).toISOString();
      await db.execute(sql`select count(s.*) from users u
        cross join lateral step_sync(u.id, gen_random_uuid(), 20, ${at}::timestamptz, ${at}::timestamptz,
          ${at.slice(0, 10)}::date, ${at.slice(0, 10)}::date, null::timestamptz) s
        where u.username like 'storage%'`);
    }
    if (retain) await retain(db, new Date(start.getTime() + (day + 1) * DAY_MS));
    if (day % 7 === 6 || day === DAYS - 1) {
      const s = await storage(db);
      series.push({
        day: day + 1,
        partitions: s.partitions,
        rows: s.rows,
        bytesPerMember: Math.round(s.bytes / MEMBERS),
      });
    }
  }
  const seconds = (performance.now() - began) / 1000;
  // Bytes per sync from the first week, before any retention could drop anything.
  const firstWeek = series[0];
  const bytesPerSync = round((firstWeek.bytesPerMember * MEMBERS) / firstWeek.rows);
  const last = series[series.length - 1];
  const perRealSync = (bytesPerMember: number) => (bytesPerMember * REAL_SYNCS_PER_DAY) / SYNCS_PER_DAY;
  const year = bytesPerSync * REAL_SYNCS_PER_DAY * 365 * PROJECTED_MEMBERS;
  return {
    retentionJob: retain !== null,
    members: MEMBERS,
    simulatedDays: DAYS,
    syncsPerMemberPerSimulatedDay: SYNCS_PER_DAY,
    secondsToSimulate: round(seconds),
    /** The database's time per step_sync call, one connection, the retention job's runs included. */
    microsecondsPerSync: Math.round((seconds * 1e6) / (MEMBERS * SYNCS_PER_DAY * DAYS)),
    bytesPerSync,
    weekly: series,
    projection: {
      syncsPerMemberPerDay: REAL_SYNCS_PER_DAY,
      members: PROJECTED_MEMBERS,
      /** Kept for ever: every sync of a year. */
      yearIfKeptGB: round(year / 1e9),
      /** What the simulation ends with, per member at the real sync rate, and for all 100,000. */
      bytesPerMemberAtEnd: Math.round(perRealSync(last.bytesPerMember)),
      allMembersAtEndGB: round((perRealSync(last.bytesPerMember) * PROJECTED_MEMBERS) / 1e9),
    },
  };
}

const result: Record<string, unknown> = { benchmark: "step_batches storage" };
if (process.env.DATABASE_URL) {
  result.postgres = await withScratchDatabase(process.env.DATABASE_URL, "steprace_bench_storage", bench);
}
if (process.env.BENCH_PGLITE !== "0") result.pglite = await withScratchPglite("bench-storage", bench);
console.log(JSON.stringify(result));
