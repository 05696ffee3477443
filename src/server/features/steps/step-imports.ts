import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { zonedTimeToUtc } from "../../../core/rules/zoned-time";
import type { AppContext } from "../../context";
import { queryRows, type Tx } from "../../db/client";
import { BATCH_RETENTION_MS } from "./batch-retention";
import { addDays, localDate } from "./local-date";
import { MAX_CADENCE_STEPS_PER_SECOND, REFUSAL_WINDOW_MS, REFUSALS_BEFORE_FLAG } from "./plausibility";
import * as repo from "./steps.repo";

// Steps imported from a member's wearable (issue 33, DESIGN 1 step sources): the one way in for
// them, into the same accounting as the phone's (migration 0044, step_source_count). Where the
// phone and a watch (or two watches) counted the same quarter hour, the larger counts, never the
// sum; a day total given without intervals counts for its day when it is larger than the day's
// intervals, and for a competition only if the whole day lies inside its window.

const SLOT_MS = 15 * 60_000;

/** A day a source reports at or above this many steps flags the member for an admin's review. */
export const IMPORTED_DAY_REVIEW_STEPS = 60_000;

/** An interval the source measured: `steps` walked from `start` to `end`. */
export type ImportedInterval = { start: Date; end: Date; steps: number };
/** A day's total without intervals, on the member's own calendar date. */
export type ImportedDayTotal = { date: string; steps: number };

export type ImportResult = {
  /** What the member's counted total grew by (0 when the phone had counted as much). */
  counted: number;
  /** Intervals above 4 steps a second: not counted. */
  refused: number;
  /** Intervals and days older than the batches kept (`BATCH_RETENTION_MS`): not counted. */
  tooOld: number;
};

/** The quarter hour an instant falls in (the UTC grid of step_slot). */
const slotOf = (at: Date) => Math.floor(at.getTime() / SLOT_MS) * SLOT_MS;

/**
 * Counts a source's intervals and day totals for one member, in one transaction under the member's
 * step-sync lock (so phone syncs and imports of one member pass one at a time). Importing the same
 * data again counts nothing again: each quarter hour keeps the source's largest total seen, so an
 * import must cover whole quarter hours (the vendor modules read from a slot's start). Intervals
 * above the cadence bound are refused and recorded as the phone's refusals are (the third within a
 * day flags the account); a day at IMPORTED_DAY_REVIEW_STEPS or more flags it for review (its steps
 * count until an admin decides, and a settlement that would pay the member waits).
 */
export async function importSteps(
  ctx: AppContext,
  userId: number,
  source: string,
  data: { intervals: ImportedInterval[]; dayTotals: ImportedDayTotal[] },
): Promise<ImportResult> {
  const now = ctx.clock.now();
  const oldest = now.getTime() - BATCH_RETENTION_MS;
  const result: ImportResult = { counted: 0, refused: 0, tooOld: 0 };
  return ctx.db.transaction(async (tx) => {
    await repo.lockMemberSteps(tx, userId);
    const [user] = await queryRows<{ time_zone: string }>(
      tx,
      sql`select time_zone from users where id = ${userId} and deleted_at is null`,
    );
    if (!user) return result;
    const zone = user.time_zone;
    await tx.execute(sql`select step_sources_enter(${userId}, ${now})`);

    // Each quarter hour's total from this source, with the span of its intervals.
    const slots = new Map<number, { steps: number; start: Date; end: Date }>();
    const refusals: ImportedInterval[] = [];
    for (const interval of data.intervals) {
      if (interval.steps <= 0) continue;
      const end = interval.end.getTime() > now.getTime() ? now : interval.end;
      if (interval.start.getTime() < oldest) {
        result.tooOld++;
        continue;
      }
      const seconds = Math.max(0, (end.getTime() - interval.start.getTime()) / 1000);
      if (interval.steps > Math.floor(seconds * MAX_CADENCE_STEPS_PER_SECOND)) {
        refusals.push(interval);
        continue;
      }
      const key = slotOf(interval.start);
      const slot = slots.get(key);
      if (!slot) slots.set(key, { steps: interval.steps, start: interval.start, end });
      else {
        slot.steps += interval.steps;
        if (interval.start < slot.start) slot.start = interval.start;
        if (end > slot.end) slot.end = end;
      }
    }
    const days = new Set<string>();
    for (const [key, slot] of [...slots].sort((a, b) => a[0] - b[0])) {
      const day = localDate(new Date(key), zone);
      days.add(day);
      result.counted += await count(tx, {
        userId,
        source,
        day,
        slot: new Date(key),
        steps: slot.steps,
        started: slot.start,
        ended: slot.end,
        now,
      });
    }
    const today = localDate(now, zone);
    for (const total of data.dayTotals) {
      if (total.steps <= 0 || total.date > today) continue;
      const start = zonedTimeToUtc(total.date, "00:00", zone);
      if (start.getTime() < oldest) {
        result.tooOld++;
        continue;
      }
      const end = zonedTimeToUtc(addDays(total.date, 1), "00:00", zone);
      days.add(total.date);
      result.counted += await count(tx, {
        userId,
        source,
        day: total.date,
        slot: null,
        steps: total.steps,
        started: start,
        ended: end,
        now,
      });
    }
    result.refused = refusals.length;
    if (refusals.length > 0) await refuse(ctx, tx, userId, source, refusals, now);
    await flagBusyDays(ctx, tx, userId, source, [...days], now);
    return result;
  });
}

async function count(
  tx: Tx,
  c: {
    userId: number;
    source: string;
    day: string;
    slot: Date | null;
    steps: number;
    started: Date;
    ended: Date;
    now: Date;
  },
): Promise<number> {
  // A day total's row is recorded when the day ends (or now, for today's).
  const recorded = c.ended.getTime() > c.now.getTime() ? c.now : c.ended;
  const [row] = await queryRows<{ grew: number }>(
    tx,
    sql`select step_source_count(${c.userId}::integer, ${c.source}::text, ${c.day}::date,
      ${c.slot}::timestamptz, ${c.steps}::integer, false, null::uuid, ${recorded}::timestamptz,
      ${c.started}::timestamptz, ${c.ended}::timestamptz, ${c.now}::timestamptz) as grew`,
  );
  return row?.grew ?? 0;
}

/** Refused intervals, recorded as the phone's refusals (their third within a day flags). */
async function refuse(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  source: string,
  intervals: ImportedInterval[],
  now: Date,
) {
  let refusals = 0;
  for (const interval of intervals) {
    const seconds = Math.max(0, (interval.end.getTime() - interval.start.getTime()) / 1000);
    refusals = await repo.recordRefusal(
      tx,
      {
        userId,
        batchId: randomUUID(),
        steps: interval.steps,
        allowedSteps: Math.floor(seconds * MAX_CADENCE_STEPS_PER_SECOND),
        recordedAt: interval.end,
        createdAt: now,
      },
      new Date(now.getTime() - REFUSAL_WINDOW_MS),
    );
  }
  ctx.metrics.syncsRefused.inc({ reason: `import:${source}` }, intervals.length);
  if (refusals >= REFUSALS_BEFORE_FLAG) {
    await repo.flagForReview(tx, userId, now, `${refusals} implausible step syncs within 24 hours`);
    ctx.log.warn({ userId, source, refusals }, "account flagged for implausible imported steps");
  }
}

/** A day the source reports at IMPORTED_DAY_REVIEW_STEPS or more flags the member for review. */
async function flagBusyDays(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  source: string,
  days: string[],
  now: Date,
) {
  if (days.length === 0) return;
  const busy = await queryRows<{ local_date: string; steps: number }>(
    tx,
    sql`select local_date::text, greatest(steps, coalesce(day_total, 0)) as steps from step_source_days
      where user_id = ${userId} and source = ${source}
        and local_date in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )})
        and greatest(steps, coalesce(day_total, 0)) >= ${IMPORTED_DAY_REVIEW_STEPS}
      order by local_date`,
  );
  if (busy.length === 0) return;
  const day = busy[busy.length - 1];
  await repo.flagForReview(
    tx,
    userId,
    now,
    `${source} reported ${day.steps.toLocaleString("en-US")} steps on ${day.local_date}`,
  );
  ctx.log.warn(
    { userId, source, day: day.local_date, steps: day.steps },
    "imported steps flagged for review",
  );
}
