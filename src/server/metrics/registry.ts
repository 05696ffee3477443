// Prometheus metrics (issue 31): one registry per app, which in production is one per process
// (main.ts builds one app). Its instruments are updated where things happen (requests, jobs,
// refused syncs); the gauges of the app's state are read at scrape time (app-state.ts).
import { Counter, Histogram, Registry } from "prom-client";
import type { ImplausibleWindow } from "../features/steps/steps.service";

/** Every metric's name starts with the application's namespace (Prometheus naming conventions). */
export const METRIC_PREFIX = "steprace_";

export type Metrics = {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_code">;
  jobRuns: Counter<"job">;
  jobFailures: Counter<"job">;
  jobDuration: Histogram<"job">;
  syncsRefused: Counter<"reason">;
  /** Run before each scrape: metrics that appear once what they describe exists (the replica). */
  beforeScrape: (() => void)[];
};

/**
 * Every reason a sync is refused as implausible (steps.service), counted from 0: a series that
 * appears at its first refusal would hide that refusal from `increase()` and `rate()`.
 */
const REFUSAL_REASONS = { lastSync: true, accountCreated: true, declared: true } satisfies Record<
  ImplausibleWindow,
  true
>;

/** A new registry with the instruments the code updates as things happen. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const syncsRefused = new Counter({
    name: `${METRIC_PREFIX}step_syncs_refused_total`,
    help: "Step syncs refused as implausible (nothing of them counted), by the window that limited them",
    labelNames: ["reason"] as const,
    registers,
  });
  for (const reason of Object.keys(REFUSAL_REASONS)) syncsRefused.inc({ reason }, 0);
  return {
    registry,
    requestDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "HTTP requests answered on the public port, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    jobRuns: new Counter({
      name: `${METRIC_PREFIX}job_runs_total`,
      help: "Scheduler job runs (every tick runs every job; most find nothing to do)",
      labelNames: ["job"] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: `${METRIC_PREFIX}job_failures_total`,
      help: "Scheduler job runs that threw (the job's own items that failed are retried by the job)",
      labelNames: ["job"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: "How long a scheduler job's run took, failed runs included",
      labelNames: ["job"] as const,
      buckets: [0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    syncsRefused,
    beforeScrape: [],
  };
}

/** The registry's text in Prometheus's exposition format, after the pre-scrape checks. */
export async function scrape(metrics: Metrics): Promise<string> {
  for (const check of metrics.beforeScrape) check();
  return metrics.registry.metrics();
}
