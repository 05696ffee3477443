import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { hasOtherConnections } from "../test/another-transaction";
import { useTestApp } from "../test/test-app";
import { UNMATCHED_ROUTE } from "./http";
import { listenForMetrics, type MetricsListener } from "./listener";
import { expectSample, parsePrometheusText } from "./metrics-test-kit";

describe("metrics on a listener of their own (issue 31)", () => {
  const t = useTestApp();
  let listener: MetricsListener;
  beforeAll(async () => {
    const { app, database } = t();
    listener = await listenForMetrics(app.ctx.metrics, {
      host: "127.0.0.1",
      port: 0,
      log: app.log,
      poolStats: database.poolStats,
    });
  });
  afterAll(() => listener?.close());

  const metricsUrl = (pathname = "/metrics") => `http://127.0.0.1:${listener.port}${pathname}`;
  /** A scrape as Prometheus does it, over HTTP, parsed strictly. */
  async function scrapeOverHttp() {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(200);
    return parsePrometheusText(await res.text());
  }

  it("answers Prometheus text that parses, with the app's, the pool's and Node's metrics, all named steprace_*", async () => {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const samples = parsePrometheusText(await res.text());
    for (const family of [
      "steprace_http_request_duration_seconds",
      "steprace_job_runs_total",
      "steprace_job_failures_total",
      "steprace_job_duration_seconds",
      "steprace_step_syncs_refused_total",
      "steprace_settlement_lag_seconds",
      "steprace_settlement_overdue_competitions",
      "steprace_notification_queue_size",
      "steprace_notification_queue_oldest_age_seconds",
      "steprace_gift_card_queue_size",
      "steprace_gift_card_queue_oldest_age_seconds",
      "steprace_db_pool_connections_in_use",
      "steprace_db_pool_connections_idle",
      "steprace_db_pool_waiting_requests",
      "steprace_process_cpu_user_seconds_total",
      "steprace_process_resident_memory_bytes",
      "steprace_nodejs_eventloop_lag_p99_seconds",
      "steprace_nodejs_heap_size_used_bytes",
    ]) {
      expect(samples.families, family).toContain(family);
    }
    expect([...samples.families].filter((name) => !name.startsWith("steprace_"))).toEqual([]);
    // No replica here: none of its metrics, rather than a replica that looks down.
    expect(samples.text).not.toContain("steprace_replica_");
    expect(samples.value("steprace_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("answers 404 for any other path and 405 for other methods", async () => {
    expect((await fetch(metricsUrl("/"))).status).toBe(404);
    expect((await fetch(metricsUrl("/api/health"))).status).toBe(404);
    const post = await fetch(metricsUrl(), { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("times each request under its route's pattern, never the raw URL, and unknown routes under one label", async () => {
    const { app } = t();
    const before = await scrapeOverHttp();
    const routeCount = (s: typeof before, route: string, status: string) =>
      s.value("steprace_http_request_duration_seconds_count", {
        method: "GET",
        route,
        status_code: status,
      }) ?? 0;
    for (const id of [987654, 876543]) {
      expect((await app.inject({ url: `/api/competitions/${id}` })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: "/api/no-such-route/555444" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);

    const after = await scrapeOverHttp();
    expect(
      routeCount(after, "/api/competitions/:id", "401") - routeCount(before, "/api/competitions/:id", "401"),
    ).toBe(2);
    expect(routeCount(after, UNMATCHED_ROUTE, "404") - routeCount(before, UNMATCHED_ROUTE, "404")).toBe(1);
    expect(routeCount(after, "/api/health", "200") - routeCount(before, "/api/health", "200")).toBe(1);
    // The durations are in seconds, in the buckets that hold them.
    const inf = { method: "GET", route: "/api/health", status_code: "200", le: "+Inf" };
    expect(after.value("steprace_http_request_duration_seconds_bucket", inf)).toBe(
      routeCount(after, "/api/health", "200"),
    );
    const sum = after.value("steprace_http_request_duration_seconds_sum", {
      method: "GET",
      route: "/api/health",
      status_code: "200",
    });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    for (const raw of ["987654", "876543", "555444", "no-such-route"]) expect(after.text).not.toContain(raw);
  });

  it("shows the database pool: connections in use, idle, and queries waiting for one", async () => {
    const { app, database } = t();
    if (!hasOtherConnections(database)) {
      // PGlite: one connection in the process, no pool to watch.
      const samples = await scrapeOverHttp();
      expectSample(samples, "steprace_db_pool_connections_in_use", {}, 0);
      expectSample(samples, "steprace_db_pool_waiting_requests", {}, 0);
      return;
    }
    // The test database's pool has 10 connections: 12 half-second queries keep all 10 busy and 2 waiting.
    const busy = Promise.all(Array.from({ length: 12 }, () => app.ctx.db.execute(sql`select pg_sleep(0.5)`)));
    while (database.poolStats().waiting < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await scrapeOverHttp();
    expectSample(during, "steprace_db_pool_connections_in_use", {}, 10);
    expectSample(during, "steprace_db_pool_connections_idle", {}, 0);
    // The two, and the scrape's own queries behind them.
    expect(during.value("steprace_db_pool_waiting_requests")).toBeGreaterThanOrEqual(2);
    await busy;
    const after = await scrapeOverHttp();
    expectSample(after, "steprace_db_pool_connections_in_use", {}, 0);
    expectSample(after, "steprace_db_pool_waiting_requests", {}, 0);
    expect(after.value("steprace_db_pool_connections_idle")).toBeGreaterThan(0);
  });
});

describe("the public port (issue 31)", () => {
  const t = useTestApp();

  it("has no /metrics: 404 over HTTP, and with the client served (whose other paths answer the app)", async () => {
    const { app } = t();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("steprace_");

    const clientDir = mkdtempSync(path.join(tmpdir(), "steprace-client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>StepRace</title>");
    const withClient = await buildApp({
      config: { ...app.ctx.config, clientDir },
      db: app.ctx.db,
      clock: t().clock,
      logger: false,
      serveClient: true,
    });
    try {
      // Any page of the client answers its index (its router decides)...
      expect((await withClient.inject({ url: "/competitions" })).body).toContain("StepRace");
      // ...but not /metrics.
      const metrics = await withClient.inject({ url: "/metrics" });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).not.toContain("StepRace");
    } finally {
      await withClient.close();
    }
  });
});
