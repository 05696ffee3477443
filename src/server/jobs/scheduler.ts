import { eq, lte } from "drizzle-orm";
import type { AppContext } from "../context";
import { jobRuns } from "../db/schema";
import { forgetExpiredLinks } from "../features/auth/expired-links";
import { settleDueCompetitions } from "../features/competitions/settlement-job";
import { runGlobalReconciliation } from "../features/finance/reconciliation-runs.service";
import { withdrawDeletedMembers } from "../features/members/members.service";
import { processNotificationQueue } from "../features/notifications/queue-job";
import { queueStartNotifications } from "../features/notifications/start-reminders";
import { rollOffersOver } from "../features/rewards/offers.service";
import { awardPendingPoints } from "../features/rewards/points.service";
import { finishPendingRedemptions } from "../features/rewards/redemption.service";
import { importDueSources } from "../features/step-sources/import-job";
import { retainStepBatches } from "../features/steps/batch-retention";
import { runPeriodEnds } from "../features/subscription/subscription.service";
import { sweepRateLimits } from "../http/rate-limit-store";
import { measureJob } from "../metrics/jobs";
import { givingBack, isShutdown } from "./stopping";

export type Job = { name: string; run(ctx: AppContext): Promise<unknown> };

const DAY_MS = 24 * 3600 * 1000;

/**
 * Claims a periodic job's turn: true for the one process whose conditional update moved the
 * last run forward, so a daily job runs once a day however many processes tick.
 */
export async function claimPeriodicRun(ctx: AppContext, name: string, everyMs: number): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .insert(jobRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: now },
      setWhere: lte(jobRuns.lastRunAt, new Date(now.getTime() - everyMs)),
    })
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

/** Gives a failed run's turn back, so it is tried again in `retryInMs` rather than a whole period later. */
export async function retryPeriodicRunIn(ctx: AppContext, name: string, everyMs: number, retryInMs: number) {
  const lastRunAt = new Date(ctx.clock.now().getTime() - everyMs + retryInMs);
  await ctx.db.update(jobRuns).set({ lastRunAt }).where(eq(jobRuns.name, name));
}

/**
 * A periodic job's run, in the one process whose claim of its turn succeeds. A shutdown that stops
 * `work` midway gives the turn back, so another process runs it at its next tick rather than a
 * whole period later; a run that finished, or failed on its own, keeps it.
 */
export async function runPeriodic(
  ctx: AppContext,
  name: string,
  everyMs: number,
  work: () => Promise<void>,
): Promise<void> {
  if (!(await claimPeriodicRun(ctx, name, everyMs))) return;
  await givingBack(ctx, () => retryPeriodicRunIn(ctx, name, everyMs, 0), work);
}

/** Specification 3, section 9: a global deposit reconciliation every day. */
export async function dailyReconciliation(ctx: AppContext) {
  await runPeriodic(ctx, "global-reconcile", DAY_MS, async () => {
    try {
      // Recorded as a run (reconciliation_runs), listed on the admin's Finance page. A payment that
      // could not be booked does not make the run fail (it is "partial", the payment a finding with
      // its error): tomorrow's run tries it again, as it does every payment not booked yet.
      const { missing, recovered, failed } = await runGlobalReconciliation(ctx, null);
      ctx.log.info(
        { missing: missing.length, recovered: recovered.length, failed: failed.length },
        "daily deposit reconciliation",
      );
    } catch (err) {
      // A provider outage must not cost the day's run: try again in a quarter of an hour.
      if (!isShutdown(err)) await retryPeriodicRunIn(ctx, "global-reconcile", DAY_MS, 15 * 60 * 1000);
      throw err;
    }
  });
}

/** Forgets ended rate-limit windows every ten minutes, in one process. */
export async function sweepEndedRateLimits(ctx: AppContext) {
  await runPeriodic(ctx, "rate-limit-sweep", 10 * 60 * 1000, async () => {
    await sweepRateLimits(ctx.db, ctx.clock.now());
  });
}

const HOUR_MS = 3600 * 1000;

/**
 * Step batches in weekly partitions (issue 25): the weeks ahead created, the past ones nothing
 * needs dropped whole, hourly in one process; a week that failed is tried again in 5 minutes, a
 * run that threw at the next tick.
 */
export async function stepBatchRetention(ctx: AppContext) {
  await runPeriodic(ctx, "step-batch-retention", HOUR_MS, async () => {
    let report: Awaited<ReturnType<typeof retainStepBatches>>;
    try {
      report = await retainStepBatches(ctx.db, ctx.clock.now(), ctx.log);
    } catch (err) {
      // A run that threw (a dropped connection, a failed query) did not make the weeks ahead: the
      // turn goes back at once, so the next tick tries again rather than an hour later.
      await retryPeriodicRunIn(ctx, "step-batch-retention", HOUR_MS, 0).catch((giveBackErr) =>
        ctx.log.error({ err: giveBackErr }, "step batch retention: the failed run's turn was not given back"),
      );
      throw err;
    }
    if (report.failed.length > 0)
      await retryPeriodicRunIn(ctx, "step-batch-retention", HOUR_MS, 5 * 60 * 1000);
    else if (report.dropped.length + report.created.length > 0)
      ctx.log.info({ created: report.created, dropped: report.dropped }, "step batch partitions");
  });
}

/** Wearables' steps (issue 33): what webhooks announced, then the polls due, within the budget. */
export async function importStepSources(ctx: AppContext) {
  const report = await importDueSources(ctx);
  if (report.imported + report.failed > 0) ctx.log.info(report, "step sources imported");
}

/**
 * Expired password resets, email verifications, two-factor sign-ins and sessions (with their push
 * subscriptions) are forgotten hourly, in one process; a table that failed is tried again in 5
 * minutes.
 */
export async function expiredLinksSweep(ctx: AppContext) {
  await runPeriodic(ctx, "expired-links-sweep", HOUR_MS, async () => {
    const { forgotten, failed } = await forgetExpiredLinks(ctx.db, ctx.clock.now());
    for (const { table, err } of failed)
      ctx.log.error({ err, table }, "expired links: the table was not swept");
    if (failed.length > 0) await retryPeriodicRunIn(ctx, "expired-links-sweep", HOUR_MS, 5 * 60 * 1000);
    if (Object.values(forgotten).some((n) => n > 0)) ctx.log.info({ forgotten }, "expired links forgotten");
  });
}

/** Deleted accounts still entered somewhere leave it, hourly in one process (members.service). */
export async function deletedMemberWithdrawal(ctx: AppContext) {
  await runPeriodic(ctx, "deleted-member-withdrawal", HOUR_MS, () => withdrawDeletedMembers(ctx));
}

/**
 * A job as a tick runs it: not begun once the process is stopping, and ended quietly when the
 * shutdown stops it between items (what it claimed is given back; nothing failed).
 */
function stoppable(job: Job): Job {
  return {
    name: job.name,
    async run(ctx) {
      if (ctx.stopping.aborted) return;
      try {
        return await job.run(ctx);
      } catch (err) {
        if (!isShutdown(err)) throw err;
        ctx.log.info({ job: job.name }, "job stopped for the shutdown: another process goes on with it");
      }
    },
  };
}

/** Every idempotent job, in the order a tick runs them. Later features add theirs here. */
export const jobs: Job[] = [
  { name: "subscription-period-ends", run: runPeriodEnds },
  { name: "daily-deposit-reconciliation", run: dailyReconciliation },
  { name: "competition-start-notifications", run: queueStartNotifications },
  { name: "deleted-member-withdrawal", run: deletedMemberWithdrawal },
  { name: "competition-settlement", run: settleDueCompetitions },
  { name: "points-award", run: awardPendingPoints },
  { name: "gift-card-fulfilment", run: finishPendingRedemptions },
  { name: "gift-card-offer-months", run: rollOffersOver },
  { name: "rate-limit-sweep", run: sweepEndedRateLimits },
  { name: "expired-links-sweep", run: expiredLinksSweep },
  { name: "step-batch-retention", run: stepBatchRetention },
  { name: "step-source-imports", run: importStepSources },
  // Last: it sends what the jobs before it (and the requests since the last tick) queued.
  { name: "notification-queue", run: processNotificationQueue },
].map(stoppable);

/** Runs all jobs once, each counted and timed; a failing job is logged and does not stop the others. */
export async function runJobsOnce(ctx: AppContext): Promise<void> {
  for (const job of jobs) {
    try {
      await measureJob(ctx.metrics, job.name, () => job.run(ctx));
    } catch (err) {
      ctx.log.error({ err, job: job.name }, "job failed");
    }
  }
}

/**
 * The in-process scheduler: one tick at a time, every `tickMs`. It starts no tick once the process
 * is stopping (ctx.stopping); `stop()` answers when the tick in progress has wound down, its jobs
 * stopped between items.
 */
export function startScheduler(ctx: AppContext, tickMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || ctx.stopping.aborted) return;
    running = runJobsOnce(ctx).finally(() => {
      running = null;
    });
  }, tickMs);
  timer.unref();
  const stopTicking = () => clearInterval(timer);
  ctx.stopping.addEventListener("abort", stopTicking, { once: true });
  return {
    async stop() {
      stopTicking();
      ctx.stopping.removeEventListener("abort", stopTicking);
      await running;
    },
  };
}
