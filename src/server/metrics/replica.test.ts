import pino from "pino";
import { describe, expect, it } from "vitest";
import type { AppContext, ReplicaStatus } from "../context";
import { expectSample, scrapeSamples } from "./metrics-test-kit";
import { createMetrics } from "./registry";
import { watchReplica } from "./replica";

/** Just what the replica's metrics read from the app: its metrics, its replica and its log. */
function fakeApp() {
  let status: ReplicaStatus | Error = { lagMs: 1500, healthy: true, fallbacks: 0, replicaReads: 10 };
  const ctx = { metrics: createMetrics(), log: pino({ level: "silent" }) } as unknown as AppContext;
  watchReplica(ctx);
  return {
    ctx,
    attach() {
      ctx.replica = {
        status: () => {
          if (status instanceof Error) throw status;
          return status;
        },
      };
    },
    set(next: ReplicaStatus | Error) {
      status = next;
    },
  };
}

describe("replica metrics (issue 31)", () => {
  it("are absent without a replica, and read its status at each scrape once it is given", async () => {
    const app = fakeApp();
    expect((await scrapeSamples(app.ctx.metrics)).text).not.toContain("steprace_replica_");

    app.attach();
    let s = await scrapeSamples(app.ctx.metrics);
    expectSample(s, "steprace_replica_lag_seconds", {}, 1.5);
    expectSample(s, "steprace_replica_healthy", {}, 1);
    expectSample(s, "steprace_replica_fallbacks_total", {}, 0);
    expectSample(s, "steprace_replica_reads_total", {}, 10);

    // Down: lag unknown, reads fall back to the primary.
    app.set({ lagMs: null, healthy: false, fallbacks: 7, replicaReads: 12 });
    s = await scrapeSamples(app.ctx.metrics);
    expect(s.value("steprace_replica_lag_seconds")).toBeNaN();
    expectSample(s, "steprace_replica_healthy", {}, 0);
    expectSample(s, "steprace_replica_fallbacks_total", {}, 7);
    expectSample(s, "steprace_replica_reads_total", {}, 12);
  });

  it("keeps its counters moving forward, and its last values when the status cannot be read", async () => {
    const app = fakeApp();
    app.attach();
    app.set({ lagMs: 200, healthy: true, fallbacks: 4, replicaReads: 100 });
    await scrapeSamples(app.ctx.metrics);

    app.set(new Error("status unavailable"));
    let s = await scrapeSamples(app.ctx.metrics);
    expectSample(s, "steprace_replica_lag_seconds", {}, 0.2);
    expectSample(s, "steprace_replica_fallbacks_total", {}, 4);

    // The replica's tallies started over (a new replica object): the counters never go back.
    app.set({ lagMs: 100, healthy: true, fallbacks: 1, replicaReads: 5 });
    s = await scrapeSamples(app.ctx.metrics);
    expectSample(s, "steprace_replica_fallbacks_total", {}, 4);
    expectSample(s, "steprace_replica_reads_total", {}, 100);
    app.set({ lagMs: 100, healthy: true, fallbacks: 3, replicaReads: 5 });
    s = await scrapeSamples(app.ctx.metrics);
    expectSample(s, "steprace_replica_fallbacks_total", {}, 6);
  });
});
