// The settlement job (DESIGN 2.4): each due competition settles on its own; one that fails is
// recorded on the competition with a growing retry delay, listed on the admin panel under
// "Settlement failed", and retried there at once if an admin asks.
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";
import { competitionParticipants, competitions } from "../../db/schema";
import { AppError, conflict } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { isShutdown, stopIfShuttingDown } from "../../jobs/stopping";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./competitions.repo";
import { competitionNotFound } from "./competitions.service";
import { payoutPreview, settleCompetition } from "./settlement.service";

const MINUTE = 60_000;
const RETRY_CAP_MS = 60 * MINUTE;

/** Minutes before the `attempts`-th retry: 1, 2, 4, 8 ... at most an hour. */
export const settlementRetryDelayMs = (attempts: number) =>
  Math.min(RETRY_CAP_MS, MINUTE * 2 ** Math.max(0, Math.min(attempts - 1, 10)));

/** The error's own words: a failed query's database error (its cause), not the query text around it. */
function messageOf(err: unknown): string {
  let inner = err;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).slice(0, 500) || "Unknown error";
}

/** Counts a failed settlement and sets its next try; never throws (the job goes on with the others). */
export async function recordSettlementFailure(ctx: AppContext, id: number, err: unknown): Promise<void> {
  const now = ctx.clock.now();
  try {
    const [row] = await ctx.db
      .update(competitions)
      .set({ settleAttempts: sql`${competitions.settleAttempts} + 1`, settleError: messageOf(err) })
      .where(and(eq(competitions.id, id), isNull(competitions.settledAt)))
      .returning({ attempts: competitions.settleAttempts });
    // Settled meanwhile (by another process): nothing failed that is still to do.
    if (!row) return;
    const attempts = row.attempts;
    const retryAt = new Date(now.getTime() + settlementRetryDelayMs(attempts));
    await ctx.db.update(competitions).set({ settleRetryAt: retryAt }).where(eq(competitions.id, id));
    ctx.log.error(
      { err, competitionId: id, attempts, retryAt: retryAt.toISOString() },
      "competition settlement failed",
    );
  } catch (recordErr) {
    ctx.log.error(
      { err, recordErr, competitionId: id },
      "competition settlement failed and was not recorded",
    );
  }
}

/** Competitions whose settlement failed, oldest end first, with the last error (admins). */
export async function settlementFailures(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const rows = await ctx.db
    .select({
      competitionId: competitions.id,
      competitionName: competitions.name,
      groupId: competitions.groupId,
      endDate: competitions.endDate,
      attempts: competitions.settleAttempts,
      error: competitions.settleError,
      retryAt: competitions.settleRetryAt,
    })
    .from(competitions)
    .where(
      and(gt(competitions.settleAttempts, 0), isNull(competitions.settledAt), isNull(competitions.deletedAt)),
    )
    .orderBy(asc(competitions.endDate));
  return rows.map((r) => ({
    ...r,
    endDate: r.endDate.toISOString(),
    error: r.error ?? "",
    retryAt: r.retryAt?.toISOString() ?? null,
  }));
}

/** An admin's "Retry now": settles at once, answering what happened or the error (recorded too). */
export async function retrySettlement(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const [row] = await ctx.db
    .select({ settledAt: competitions.settledAt, endDate: competitions.endDate })
    .from(competitions)
    .where(and(eq(competitions.id, id), isNull(competitions.deletedAt)));
  if (!row) throw competitionNotFound();
  if (row.settledAt) throw conflict("This competition is already settled");
  if (row.endDate.getTime() + ctx.config.settlementGraceMs > ctx.clock.now().getTime()) {
    throw conflict("This competition is not due for settlement yet");
  }
  const record = (details: Record<string, unknown>) =>
    recordAdminAction(ctx.db, {
      adminId: admin.id,
      action: "settlement.retry",
      targetType: "competition",
      targetId: id,
      details,
      at: ctx.clock.now(),
    });
  let outcome: Awaited<ReturnType<typeof settleCompetition>>;
  try {
    outcome = await settleCompetition(ctx, id);
  } catch (err) {
    await recordSettlementFailure(ctx, id, err);
    await record({ outcome: "failed", error: messageOf(err) });
    throw new AppError(409, "CONFLICT", `Settlement failed: ${messageOf(err)}`);
  }
  await record({ outcome });
  const messages = {
    settled: "Settled: the prizes are paid",
    refunded: "Settled: nobody was eligible, every entry was refunded",
    held: "Held for review: a would-be winner has an unreviewed step flag or is banned",
    skipped: "Another process is settling this competition right now",
  } as const;
  return { message: messages[outcome] };
}

/**
 * The scheduler's job: settles every competition past its end and grace period, each on its own
 * (DESIGN 2.4). One that fails is logged with its competition, recorded for the admin panel and
 * tried again after a growing delay; it never stops or delays the others, which come first (then
 * the retries, then those held for review, rechecked each tick). A shutdown stops it between
 * competitions and abandons the one in progress, which the next process settles at once.
 */
export async function settleDueCompetitions(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const due = new Date(now.getTime() - ctx.config.settlementGraceMs);
  const rows = await queryRows<{ id: number; settlement: string }>(
    ctx.db,
    sql`select id, settlement from competitions where deleted_at is null and settled_at is null and end_date <= ${due}
        and (settle_retry_at is null or settle_retry_at <= ${now})
      order by case when settlement = 'held' then 2 when settle_attempts > 0 then 1 else 0 end, end_date
      limit 50`,
  );
  for (const { id, settlement } of rows) {
    stopIfShuttingDown(ctx);
    try {
      if (settlement === "held" && (await stillHeld(ctx, id))) continue;
      await settleCompetition(ctx, id, { abandonOnShutdown: true });
    } catch (err) {
      // Abandoned for a shutdown: rolled back, and not a failure (no retry delay for the next process).
      if (isShutdown(err)) throw err;
      await recordSettlementFailure(ctx, id, err);
    }
  }
}

/**
 * Whether a competition recorded as held still waits for an admin, read without locks. A hold can
 * last days: settling it each tick would lock every participant's standing (and the pool) only to
 * find the hold again, making their syncs wait. Whatever lifts it (an admin's decision, a reviewed
 * flag, an unban, a changed standing) shows in this read, and the settlement then runs under its locks.
 */
async function stillHeld(ctx: AppContext, id: number): Promise<boolean> {
  const row = await repo.findCompetition(ctx.db, id, "any");
  if (!row) return false;
  const all = await ctx.db
    .select()
    .from(competitionParticipants)
    .where(eq(competitionParticipants.competitionId, id));
  return (await payoutPreview(ctx.db, row, all)).held.length > 0;
}
