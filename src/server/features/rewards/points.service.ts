import { POINTS_PER_STEP_BLOCK, STREAK_THRESHOLDS } from "../../../core/constants";
import { formatCount } from "../../../core/numbers";
import {
  milestonesReached,
  shiftDate,
  stepBlocks,
  streakBonusesOn,
  streakEndingOn,
} from "../../../core/rules/points";
import type { PointsSummary, PointTransaction } from "../../../core/schemas/rewards";
import type { PointTransactionPage, PointTransactionPageQuery } from "../../../core/schemas/statements";
import type { AppContext } from "../../context";
import { requireUser, type Viewer } from "../../http/viewer";
import { stopIfShuttingDown } from "../../jobs/stopping";
import { pointsIssuanceAccount, userAccount, userPoints } from "../../ledger/accounts";
import { type TransferKind, transfer } from "../../ledger/transfer";
import * as steps from "../steps/steps.service";
import * as repo from "./points.repo";

/** Days read at a time; a run that finds this many goes on with the next lot. */
const JOB_BATCH = 500;
/** Lots per run at most, so that one tick never holds up the scheduler's other jobs for long. */
const JOB_BATCHES_PER_RUN = 20;
/** How far back a streak is counted (the summary counts as far). */
const STREAK_LOOKBACK_DAYS = 400;
/** How far forward a late day can lengthen the runs of the days after it. */
const STREAK_REACH_DAYS = 31;
const HISTORY_LIMIT = 100;

type StepDay = { userId: number; localDate: string; steps: number };

/** Whether a day's total pays anything not paid yet. */
function isDue(day: StepDay, paid: repo.PaidDay | undefined): boolean {
  const blocksPaid = paid?.blocksPaid ?? 0;
  const milestonePaid = paid?.milestonePaid ?? 0;
  const top = milestonesReached(day.steps).at(-1)?.steps ?? 0;
  return stepBlocks(day.steps) > blocksPaid || top > milestonePaid;
}

/**
 * The points job (DESIGN 1, points): pays the days whose steps changed since the last run, each
 * rule once per day. Runs every scheduler tick, so points follow a sync within seconds; the sync
 * itself only marks its day (a trigger), so it is not slowed. Days with nothing new to pay (most
 * syncs add a few hundred steps) are marked in one statement; a member with something to pay gets
 * one short transaction under their points lock. Points are minted by issuance shards, so awards
 * to different members, in any number of processes, do not wait on one account row.
 */
export async function awardPendingPoints(ctx: AppContext): Promise<{ days: number; awards: number }> {
  let days = 0;
  let awards = 0;
  let after = 0;
  for (let lot = 0; lot < JOB_BATCHES_PER_RUN; lot++) {
    const pending = await steps.pendingPointDays(ctx.db, after, JOB_BATCH);
    if (pending.length === 0) break;
    const paid = await repo.paidDays(
      ctx.db,
      [...new Set(pending.map((d) => d.userId))],
      [...new Set(pending.map((d) => d.localDate))],
    );
    const paidOf = new Map(paid.map((p) => [`${p.userId}:${p.localDate}`, p]));
    const nothingDue: StepDay[] = [];
    const dueByUser = new Map<number, StepDay[]>();
    for (const day of pending) {
      if (isDue(day, paidOf.get(`${day.userId}:${day.localDate}`))) {
        dueByUser.set(day.userId, [...(dueByUser.get(day.userId) ?? []), day]);
      } else {
        nothingDue.push(day);
      }
    }
    await steps.clearPointsPending(ctx.db, nothingDue);
    for (const [userId, due] of dueByUser) {
      stopIfShuttingDown(ctx);
      try {
        awards += await awardMember(ctx, userId, due);
      } catch (err) {
        // One member's failure must not hold up everyone else's points; their days stay pending.
        ctx.log.error({ err, userId }, "points award failed");
      }
    }
    days += pending.length;
    if (pending.length < JOB_BATCH) break;
    // A full lot may have cut its last member's days: read that member again (their paid days are
    // no longer pending), unless the lot held nobody else. Members whose award failed are passed
    // over until the next run, so they cannot keep a run going.
    const last = pending[pending.length - 1].userId;
    after = pending[0].userId === last ? last : last - 1;
  }
  return { days, awards };
}

/**
 * Pays one member's changed days in one transaction, under their points lock. A member another
 * process is paying right now is left to it (their days stay pending if it fails).
 */
async function awardMember(ctx: AppContext, userId: number, due: StepDay[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.tryLockMemberPoints(tx, userId))) return 0;
    const first = due[0].localDate;
    const last = due[due.length - 1].localDate;
    const stepsOf = new Map((await steps.stepsByDate(tx, userId, first, last)).map((r) => [r.date, r.steps]));
    let history: Map<string, number> | null = null;
    const stepsOn = (date: string) => (history ?? stepsOf).get(date) ?? 0;
    // Streaks need the days around: read once, only when a day reaches a streak threshold.
    const loadHistory = async () => {
      history ??= new Map(
        (
          await steps.stepsByDate(
            tx,
            userId,
            shiftDate(first, -STREAK_LOOKBACK_DAYS),
            shiftDate(last, STREAK_REACH_DAYS),
          )
        ).map((r) => [r.date, r.steps]),
      );
    };
    const paid = await repo.paidDays(
      tx,
      [userId],
      due.map((d) => d.localDate),
    );
    const paidOf = new Map(paid.map((p) => [p.localDate, p]));
    const from = await pointsIssuanceAccount(tx, userId);
    const to = await userAccount(tx, userId, "PTS");
    let count = 0;
    const pay = async (kind: TransferKind, amount: number, description: string, key: string) => {
      const r = await transfer(tx, {
        from,
        to,
        amount,
        currency: "PTS",
        kind,
        description,
        userId,
        idempotencyKey: `points:${userId}:${key}`,
      });
      if (r.applied) count++;
    };
    for (const day of due) {
      // Read again under the lock: another process may have paid this day meanwhile.
      const total = stepsOn(day.localDate);
      const before = paidOf.get(day.localDate) ?? { blocksPaid: 0, milestonePaid: 0 };
      const blocks = stepBlocks(total);
      if (blocks > before.blocksPaid) {
        await pay(
          "earned",
          (blocks - before.blocksPaid) * POINTS_PER_STEP_BLOCK,
          `${formatCount(blocks * 500)} steps on ${day.localDate}`,
          `steps:${day.localDate}:${blocks}`,
        );
      }
      const fresh = milestonesReached(total).filter((m) => m.steps > before.milestonePaid);
      for (const m of fresh) {
        await pay(
          "milestone",
          m.points,
          `Daily milestone: ${formatCount(m.steps)} steps on ${day.localDate}`,
          `milestone:${day.localDate}:${m.steps}`,
        );
      }
      if (fresh.some((m) => (STREAK_THRESHOLDS as readonly number[]).includes(m.steps))) {
        await loadHistory();
        await payStreaks(stepsOn, day.localDate, pay);
      }
      await repo.savePaidDay(tx, {
        userId,
        localDate: day.localDate,
        blocksPaid: Math.max(blocks, before.blocksPaid),
        milestonePaid: Math.max(fresh.at(-1)?.steps ?? 0, before.milestonePaid),
      });
    }
    await steps.clearPointsPending(
      tx,
      due.map((d) => ({ userId, localDate: d.localDate, steps: stepsOn(d.localDate) })),
    );
    return count;
  });
}

/**
 * Streak bonuses of a day that newly reached a streak threshold, and of the days after it that
 * the day now joins to a longer run (steps that arrive late fill a gap). Keys name the day and the
 * rule (tier and length), so each is paid once per day. A bonus paid before a late day joined two
 * runs stays paid: it was earned on what had been synced then.
 */
async function payStreaks(
  stepsOn: (date: string) => number,
  date: string,
  pay: (kind: TransferKind, amount: number, description: string, key: string) => Promise<void>,
): Promise<void> {
  const lowest = Math.min(...STREAK_THRESHOLDS);
  for (
    let day = date, i = 0;
    i <= STREAK_REACH_DAYS && stepsOn(day) >= lowest;
    day = shiftDate(day, 1), i++
  ) {
    for (const b of streakBonusesOn(stepsOn, day)) {
      await pay(
        "bonus",
        b.points,
        `${b.days}-day streak at ${formatCount(b.steps)} steps (${day})`,
        `streak:${day}:${b.steps}:${b.days}`,
      );
    }
  }
}

const SOURCES: Record<string, string> = {
  earned: "steps",
  milestone: "milestone",
  bonus: "streak",
  redemption: "gift_card",
  refund: "gift_card",
};

export async function summary(ctx: AppContext, viewer: Viewer): Promise<PointsSummary> {
  const user = requireUser(viewer);
  const today = steps.localDate(ctx.clock.now(), user.timeZone);
  const [available, totals, rows] = await Promise.all([
    userPoints(ctx.db, user.id),
    repo.pointTotals(ctx.db, user.id),
    steps.stepsByDate(ctx.db, user.id, shiftDate(today, -400), today),
  ]);
  const stepsOf = new Map(rows.map((r) => [r.date, r.steps]));
  const stepsOn = (date: string) => stepsOf.get(date) ?? 0;
  return {
    availablePoints: available,
    lifetimeEarned: totals.earned,
    lifetimeSpent: totals.spent,
    // A streak still counts today while today's steps are short of it: it ends yesterday until midnight.
    streaks: STREAK_THRESHOLDS.map((t) => ({
      steps: t,
      days:
        stepsOn(today) >= t
          ? streakEndingOn(stepsOn, today, t)
          : streakEndingOn(stepsOn, shiftDate(today, -1), t),
    })),
  };
}

const pointLine = (r: Awaited<ReturnType<typeof repo.pointTransfers>>[number]): PointTransaction => ({
  id: r.id,
  type: r.kind as PointTransaction["type"],
  amount: r.amount,
  description: r.description,
  source: SOURCES[r.kind] ?? r.kind,
  createdAt: r.createdAt.toISOString(),
});

export async function transactions(ctx: AppContext, viewer: Viewer): Promise<PointTransaction[]> {
  const user = requireUser(viewer);
  return (await repo.pointTransfers(ctx.db, user.id, HISTORY_LIMIT)).map(pointLine);
}

/** One page of the point history, newest first, keyset on the transfer id (GET /api/points/transactions/page). */
export async function transactionsPage(
  ctx: AppContext,
  viewer: Viewer,
  q: PointTransactionPageQuery,
): Promise<PointTransactionPage> {
  const user = requireUser(viewer);
  const rows = await repo.pointTransfers(ctx.db, user.id, q.limit + 1, q.cursor);
  const items = rows.slice(0, q.limit).map(pointLine);
  return { items, nextCursor: rows.length > q.limit ? items[items.length - 1].id : null };
}
