import type { Metrics } from "./registry";

/**
 * Runs one scheduler job counted and timed; a run that throws is counted as failed and thrown on
 * (the scheduler logs it and goes on with the next job).
 */
export async function measureJob(metrics: Metrics, job: string, run: () => Promise<unknown>): Promise<void> {
  metrics.jobRuns.inc({ job });
  // From 0, so that a job's first failure shows in increase() and rate() like any later one.
  metrics.jobFailures.inc({ job }, 0);
  const done = metrics.jobDuration.startTimer({ job });
  try {
    await run();
  } catch (err) {
    metrics.jobFailures.inc({ job });
    throw err;
  } finally {
    done();
  }
}
