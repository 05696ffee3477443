import { sql } from "drizzle-orm";
import { DISPUTE_WINDOW_MS } from "../../../core/constants";
import { type Db, queryRows, type Tx } from "../../db/client";
import { REFUSAL_WINDOW_MS } from "./plausibility";

/**
 * Raw step batches only as long as they matter (issue 25, item 3). step_batches is partitioned by
 * week of received time (migration step_batches_partitions); this job creates the weeks ahead and
 * drops a past week whole, never row by row, once nothing needs its batches:
 * - retried batch ids: a whole week older than step_batches_retention() (14 days,
 *   `BATCH_RETENTION_MS`), the age past which the sync refuses a batch as too old (steps.service
 *   `stepsTooOld`; step_sync answers it as counted without looking, should one reach it), and a day
 *   more (CLOCK_SLACK_MS);
 * - competition windows: a join of a running competition sums the member's batches of its window
 *   (competitions.repo stepsBetween); a competition holds every week that can hold batches of its
 *   window until it is settled, then through the 48-hour dispute window and while a dispute of it
 *   is open (an admin may want the raw syncs);
 * - step reviews: an open flag holds the weeks of the day of refusals that raised it.
 * Day totals (step_days) and standings (competition_participants) are kept for ever elsewhere.
 * These read the competitions' and flags' tables directly: the job is the steps feature's own, and
 * asking another feature for each week would be one call per week for the same two facts.
 */

/** step_batches_retention() (migration step_batches_partitions): batch ids are kept this long at least. */
export const BATCH_RETENTION_DAYS = 14;
export const BATCH_RETENTION_MS = BATCH_RETENTION_DAYS * 24 * 3600 * 1000;

/** Weeks created ahead of the current one, so a sync never waits for the job. */
export const WEEKS_AHEAD = 2;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const PARTITION_NAME = /^step_batches_p(\d{4})(\d{2})(\d{2})$/;
/** How long dropping a week may wait for its lock: syncs queue behind the drop while it waits. */
const DROP_LOCK_TIMEOUT = "500ms";
/**
 * How far ahead of the server a phone's clock may run while its retries still count once. A batch
 * sent with a time ahead of the server is stored at the server's time, but its retry, clamped to
 * the later arrival, carries a later time: past the retention by less than the phone was ahead, it
 * is not answered as counted without looking, so its week must still be there to find it in. The
 * same covers server processes whose clocks differ.
 */
const CLOCK_SLACK_MS = 24 * 3600 * 1000;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type RetentionReport = {
  created: string[];
  dropped: string[];
  /** Weeks past the retention kept for what still needs them. */
  held: { name: string; reason: string }[];
  failed: { name: string; error: string }[];
  /** Batches in the default partition: syncs no week was created for (none normally). */
  unplacedBatches: number;
};

/** The Monday (UTC) starting the week of `at`, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export type WeekPartition = { name: string; from: Date; to: Date };

/** The partition of the week starting `week` (a Monday, YYYY-MM-DD), as step_batches_create_week names it. */
function weekPartition(week: string): WeekPartition {
  const from = new Date(`${week}T00:00:00Z`);
  return { name: `step_batches_p${week.replaceAll("-", "")}`, from, to: new Date(from.getTime() + WEEK_MS) };
}

/** The weekly partitions of step_batches (not the default one), oldest first. */
export async function weekPartitions(db: Db): Promise<WeekPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'step_batches'::regclass order by c.relname`,
  );
  return rows.flatMap(({ name }) => {
    const match = PARTITION_NAME.exec(name);
    return match ? [weekPartition(`${match[1]}-${match[2]}-${match[3]}`)] : [];
  });
}

/** What still needs a week's batches at `now`, or null when nothing does. */
async function holdOf(db: Db | Tx, week: WeekPartition, now: Date): Promise<string | null> {
  const disputeSince = new Date(now.getTime() - DISPUTE_WINDOW_MS);
  const [row] = await queryRows<{ competition: number | null; flag: number | null; recent: boolean }>(
    db,
    sql`select
        ${week.to} > ${new Date(now.getTime() - CLOCK_SLACK_MS)}::timestamptz - step_batches_retention() as recent,
        (select c.id from competitions c
          where c.deleted_at is null
            and c.start_date < ${week.to} and c.end_date + step_batches_retention() > ${week.from}
            and (c.settled_at is null or c.end_date > ${disputeSince}
              or exists (select 1 from competition_disputes d
                where d.competition_id = c.id and d.reviewed_at is null))
          limit 1) as competition,
        (select f.user_id from step_flags f
          where f.reviewed_at is null
            and f.flagged_at >= ${week.from} and f.flagged_at - ${`${REFUSAL_WINDOW_MS} milliseconds`}::interval < ${week.to}
          limit 1) as flag`,
  );
  if (row.recent) return "batch ids a phone may still retry";
  if (row.competition !== null) return `competition ${row.competition}`;
  if (row.flag !== null) return `open step flag of member ${row.flag}`;
  return null;
}

async function dropWeek(db: Db, week: WeekPartition, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Checked again in the transaction that drops: a competition created meanwhile holds it.
    const hold = await holdOf(tx, week, now);
    if (hold) return hold;
    await tx.execute(sql`select set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`);
    await tx.execute(sql`drop table if exists ${sql.identifier(week.name)}`);
    return null;
  });
}

/**
 * Creates the weekly partitions from the week of `from` to the week of `to` that do not exist yet
 * (for batches stored with past received times, as the demo data is, and the weeks ahead).
 */
export async function createWeeks(db: Db, from: Date, to: Date) {
  const done: Pick<RetentionReport, "created" | "failed"> = { created: [], failed: [] };
  for (let at = new Date(`${weekOf(from)}T00:00:00Z`); at <= to; at = new Date(at.getTime() + WEEK_MS)) {
    const week = at.toISOString().slice(0, 10);
    try {
      const [row] = await queryRows<{ created: boolean }>(
        db,
        sql`select step_batches_create_week(${week}::date) as created`,
      );
      if (row.created) done.created.push(weekPartition(week).name);
    } catch (err) {
      done.failed.push({ name: `week ${week}`, error: String(err) });
    }
  }
  return done;
}

/** The weeks from this one to WEEKS_AHEAD ahead, created unless they exist. */
export function createWeeksAhead(db: Db, now: Date) {
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  return createWeeks(db, now, new Date(thisWeek.getTime() + WEEKS_AHEAD * WEEK_MS));
}

/**
 * Batches that arrived before their week was created (the servers were down longer than the weeks
 * made ahead, or a clock jumped) are in the default partition, and while they are there that week
 * cannot be created. Each such week is made from them: its table is filled with its rows outside
 * the partitioned table (so the insert triggers do not add them to days and standings again), they
 * leave the default partition, and the table is attached as the week, all in one transaction while
 * syncs wait. Answers the weeks made.
 */
async function placeUnplaced(db: Db, report: Pick<RetentionReport, "created" | "failed">) {
  const weeks = await queryRows<{ week: string }>(
    db,
    sql`select distinct to_char(step_batches_week(received_at), 'YYYY-MM-DD') as week from step_batches_default`,
  );
  for (const { week } of weeks) {
    const { name, from, to } = weekPartition(week);
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`);
        await tx.execute(sql`lock table step_batches_default in access exclusive mode`);
        const table = sql.identifier(name);
        await tx.execute(
          sql`create table ${table} (like step_batches including defaults including constraints)`,
        );
        await tx.execute(
          sql`insert into ${table} select * from step_batches_default where received_at >= ${from} and received_at < ${to}`,
        );
        await tx.execute(
          sql`delete from step_batches_default where received_at >= ${from} and received_at < ${to}`,
        );
        await tx.execute(
          // DDL takes no parameters: the bounds are literals (made here, from a date).
          sql`alter table step_batches attach partition ${table}
            for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`,
        );
      });
      report.created.push(name);
    } catch (err) {
      report.failed.push({ name: `unplaced batches of week ${week}`, error: String(err) });
    }
  }
}

/**
 * One run of the job: batches stored before their week existed get their week, the weeks from
 * this one to WEEKS_AHEAD ahead exist, and every past week nothing needs is dropped. Idempotent (several processes may run it); a week that fails is
 * reported and does not stop the others.
 */
export async function retainStepBatches(db: Db, now: Date, log?: Log): Promise<RetentionReport> {
  const report: RetentionReport = { created: [], dropped: [], held: [], failed: [], unplacedBatches: 0 };
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  await placeUnplaced(db, report);
  const ahead = await createWeeksAhead(db, now);
  report.created.push(...ahead.created);
  report.failed.push(...ahead.failed);
  for (const week of await weekPartitions(db)) {
    if (week.to.getTime() > thisWeek.getTime()) continue;
    try {
      const hold = await holdOf(db, week, now);
      const heldAtDrop = hold ?? (await dropWeek(db, week, now));
      if (heldAtDrop) report.held.push({ name: week.name, reason: heldAtDrop });
      else report.dropped.push(week.name);
    } catch (err) {
      report.failed.push({ name: week.name, error: String(err) });
    }
  }
  const [unplaced] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from step_batches_default limit 1000) d`,
  );
  report.unplacedBatches = unplaced.n;
  for (const failure of report.failed) log?.error(failure, "step batch partition maintenance failed");
  if (report.unplacedBatches > 0)
    log?.warn(
      { batches: report.unplacedBatches },
      "step batches in the default partition: no week was created for them",
    );
  return report;
}
