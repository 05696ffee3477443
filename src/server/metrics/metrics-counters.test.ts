import { describe, expect, it } from "vitest";
import { useStepsKit } from "../features/steps/steps-test-kit";
import { jobs, runJobsOnce } from "../jobs/scheduler";
import type { PaymentProvider } from "../payments/provider";
import { scrapeSamples } from "./metrics-test-kit";

describe("metrics counted where things happen (issue 31)", () => {
  const { t, member, sync, batch } = useStepsKit();
  const scrapeNow = () => scrapeSamples(t().app.ctx.metrics);

  it("counts each scheduler job's runs, failures and duration; one job failing fails only its own count", async () => {
    const { app, clock } = t();
    const before = await scrapeNow();
    // A provider outage: the daily deposit reconciliation throws, every other job runs as usual.
    const down: PaymentProvider = {
      ...app.ctx.payments,
      listSucceededPaymentIntents: async () => {
        throw new Error("provider unreachable");
      },
    };
    clock.advance(2 * 24 * 3600 * 1000);
    await runJobsOnce({ ...app.ctx, payments: down });
    const after = await scrapeNow();
    const delta = (name: string, job: string) =>
      (after.value(name, { job }) ?? 0) - (before.value(name, { job }) ?? 0);
    expect(jobs.length).toBeGreaterThan(5);
    for (const { name } of jobs) {
      expect(delta("steprace_job_runs_total", name), name).toBe(1);
      expect(delta("steprace_job_duration_seconds_count", name), name).toBe(1);
      expect(delta("steprace_job_failures_total", name), name).toBe(
        name === "daily-deposit-reconciliation" ? 1 : 0,
      );
      // Every job's failures are shown from 0, so that the first one shows in a rate.
      expect(after.value("steprace_job_failures_total", { job: name }), name).toBeDefined();
    }
  });

  it("counts syncs refused as implausible, by the window that limited them", async () => {
    const refused = async (reason: string) =>
      (await scrapeNow()).value("steprace_step_syncs_refused_total", { reason }) ?? Number.NaN;
    expect(await refused("lastSync")).toBe(0);
    expect(await refused("declared")).toBe(0);
    expect(await refused("accountCreated")).toBe(0);

    const { session } = await member();
    expect((await sync(session, batch(100))).statusCode).toBe(200);
    t().clock.advance(10_000);
    // 10 s since the previous sync: at most 70 steps.
    expect((await sync(session, batch(71))).statusCode).toBe(422);
    expect(await refused("lastSync")).toBe(1);
    // 600 steps declared as walked in one minute.
    const now = t().clock.now();
    const startedAt = new Date(now.getTime() - 60_000).toISOString();
    expect((await sync(session, batch(600, { startedAt }))).statusCode).toBe(422);
    expect(await refused("declared")).toBe(1);
    // A new account's first sync, limited by the time since it was created.
    const fresh = await member({ createdAt: new Date(now.getTime() - 60_000) });
    expect((await sync(fresh.session, batch(9000))).statusCode).toBe(422);
    expect(await refused("accountCreated")).toBe(1);
    // An accepted sync counts nothing.
    t().clock.advance(60_000);
    expect((await sync(session, batch(50))).statusCode).toBe(200);
    expect(await refused("lastSync")).toBe(1);
  });
});
