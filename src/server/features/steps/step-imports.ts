import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatCount } from "../../../core/numbers";
import { zonedTimeToUtc } from "../../../core/rules/zoned-time";
import { sameTimeZone } from "../../../core/time-zones";
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
export type ImportedDayTotal = {
  date: string;
  steps: number;
  /** The zone the vendor dated it in, when it says (a day in another zone is not the member's). */
  timeZone?: string;
};

export type ImportResult = {
  /** What the member's counted total grew by (0 when the phone had counted as much). */
  counted: number;
  /** Intervals above 4 steps a second: not counted. */
  refused: number;
  /** Intervals and days older than the batches kept (`BATCH_RETENTION_MS`): not counted. */
  tooOld: number;
};

/** The start of the quarter hour an instant (ms) falls in: the UTC grid of step_slot, migration 0044. */
export const quarterHourStart = (ms: number) => Math.floor(ms / SLOT_MS) * SLOT_MS;

/**
 * An interval's steps shared between the quarter hours it covers, in proportion to its time in
 * each (whole steps; what rounding leaves goes to the last part).
 */
export function slotParts(start: Date, end: Date, steps: number) {
  const from = start.getTime();
  const to = Math.max(end.getTime(), from);
  const parts: { slot: number; start: Date; end: Date; steps: number }[] = [];
  let given = 0;
  for (let slot = quarterHourStart(from); slot < to; slot += SLOT_MS) {
    const partStart = Math.max(from, slot);
    const partEnd = Math.min(to, slot + SLOT_MS);
    const last = partEnd >= to;
    const share = last ? steps - given : Math.floor((steps * (partEnd - partStart)) / (to - from));
    given += share;
    if (share > 0) parts.push({ slot, start: new Date(partStart), end: new Date(partEnd), steps: share });
    if (last) break;
  }
  return parts;
}

/** The source's steps on each of `days` (0 for a day without any), before or after an import. */
async function sourceDays(tx: Tx, userId: number, source: string, days: string[]) {
  const found = new Map<string, number>(days.map((day) => [day, 0]));
  for (const r of await repo.sourceStepsOn(tx, userId, source, days)) found.set(r.date, r.steps);
  return found;
}

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

    // Each quarter hour's total from this source, with the span of its intervals: an interval over
    // several quarter hours is shared between them in proportion to the time it spent in each.
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
      for (const part of slotParts(interval.start, end, interval.steps)) {
        const slot = slots.get(part.slot);
        if (!slot) slots.set(part.slot, { steps: part.steps, start: part.start, end: part.end });
        else {
          slot.steps += part.steps;
          if (part.start < slot.start) slot.start = part.start;
          if (part.end > slot.end) slot.end = part.end;
        }
      }
    }
    const days = new Set<string>();
    const entries = [...slots].sort((a, b) => a[0] - b[0]);
    for (const [key] of entries) days.add(localDate(new Date(key), zone));
    const today = localDate(now, zone);
    // Day totals on the member's own calendar (one dated in another zone is another day: skipped).
    const totals = data.dayTotals.filter(
      (t) => t.steps > 0 && t.date <= today && (!t.timeZone || sameTimeZone(t.timeZone, zone)),
    );
    for (const t of totals) days.add(t.date);
    const before = await sourceDays(tx, userId, source, [...days]);

    for (const [key, slot] of entries) {
      // Overlapping intervals of one source cannot add up past the cadence bound of the time they cover.
      const covered = (slot.end.getTime() - slot.start.getTime()) / 1000;
      const most = Math.floor(covered * MAX_CADENCE_STEPS_PER_SECOND);
      if (slot.steps > most) {
        refusals.push({ start: slot.start, end: slot.end, steps: slot.steps });
        continue;
      }
      result.counted += await count(tx, {
        userId,
        source,
        day: localDate(new Date(key), zone),
        slot: new Date(key),
        steps: slot.steps,
        started: slot.start,
        ended: slot.end,
        now,
      });
    }
    for (const total of totals) {
      const start = zonedTimeToUtc(total.date, "00:00", zone);
      if (start.getTime() < oldest) {
        result.tooOld++;
        continue;
      }
      const end = zonedTimeToUtc(addDays(total.date, 1), "00:00", zone);
      if (
        total.steps > Math.floor(((end.getTime() - start.getTime()) / 1000) * MAX_CADENCE_STEPS_PER_SECOND)
      ) {
        refusals.push({ start, end, steps: total.steps });
        continue;
      }
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
    await flagBusyDays(ctx, tx, userId, source, before, now);
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

/** A refused interval's id: the same for the same interval of the same source, read again. */
function refusalId(userId: number, source: string, interval: ImportedInterval): string {
  const hex = createHash("sha256")
    .update(
      `${userId}:${source}:${interval.start.toISOString()}:${interval.end.toISOString()}:${interval.steps}`,
    )
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
  let recorded = 0;
  for (const interval of intervals) {
    // The same interval read again (every import re-reads two days) is recorded once.
    const batchId = refusalId(userId, source, interval);
    const [seen] = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from step_refusals where user_id = ${userId} and batch_id = ${batchId}::uuid`,
    );
    if (seen) continue;
    recorded++;
    const seconds = Math.max(0, (interval.end.getTime() - interval.start.getTime()) / 1000);
    refusals = await repo.recordRefusal(
      tx,
      {
        userId,
        batchId,
        steps: interval.steps,
        allowedSteps: Math.floor(seconds * MAX_CADENCE_STEPS_PER_SECOND),
        recordedAt: interval.end,
        createdAt: now,
      },
      new Date(now.getTime() - REFUSAL_WINDOW_MS),
    );
  }
  if (recorded === 0) return;
  ctx.metrics.syncsRefused.inc({ reason: `import:${source}` }, recorded);
  if (refusals >= REFUSALS_BEFORE_FLAG) {
    await repo.flagForReview(tx, userId, now, `${refusals} implausible step syncs within 24 hours`);
    ctx.log.warn({ userId, source, refusals }, "account flagged for implausible imported steps");
  }
}

/**
 * A day this import took to IMPORTED_DAY_REVIEW_STEPS or more from below flags the member for
 * review (a day already past it, which an admin may have cleared, does not flag again).
 */
async function flagBusyDays(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  source: string,
  before: Map<string, number>,
  now: Date,
) {
  const after = await sourceDays(tx, userId, source, [...before.keys()]);
  const crossed = [...after]
    .filter(
      ([day, steps]) =>
        steps >= IMPORTED_DAY_REVIEW_STEPS && (before.get(day) ?? 0) < IMPORTED_DAY_REVIEW_STEPS,
    )
    .sort((a, b) => a[0].localeCompare(b[0]));
  const day = crossed.at(-1);
  if (!day) return;
  const [date, steps] = day;
  await repo.flagForReview(tx, userId, now, `${source} reported ${formatCount(steps)} steps on ${date}`);
  ctx.log.warn({ userId, source, day: date, steps }, "imported steps flagged for review");
}
