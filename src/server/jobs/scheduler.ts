import type { AppContext } from "../context";
import { runPeriodEnds } from "../features/subscription/subscription.service";

export type Job = { name: string; run(ctx: AppContext): Promise<unknown> };

/** Every idempotent job, in the order a tick runs them. Later features add theirs here. */
export const jobs: Job[] = [{ name: "subscription-period-ends", run: runPeriodEnds }];

/** Runs all jobs once; a failing job is logged and does not stop the others. */
export async function runJobsOnce(ctx: AppContext): Promise<void> {
  for (const job of jobs) {
    try {
      await job.run(ctx);
    } catch (err) {
      ctx.log.error({ err, job: job.name }, "job failed");
    }
  }
}

/** The in-process scheduler: one tick at a time, every `tickMs`. */
export function startScheduler(ctx: AppContext, tickMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runJobsOnce(ctx).finally(() => {
      running = null;
    });
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
