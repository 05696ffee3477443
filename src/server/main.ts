import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { type Config, loadConfig } from "./config";
import { configuredDatabase, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { createWeeksAhead } from "./features/steps/batch-retention";
import { startScheduler } from "./jobs/scheduler";
import { createLifecycle } from "./lifecycle";
import { listenForMetrics } from "./metrics/listener";
import { seedDemoData } from "./seed/demo";

const startedAt = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // The operator reads what to set, not a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const database = await openDatabase(configuredDatabase(config));
await migrate(database);
// SIGTERM and SIGINT drain the process (lifecycle.ts); others add closers with lifecycle.onShutdown.
const lifecycle = createLifecycle({ graceMs: config.shutdownGraceMs });
const app = await buildApp({ config, db: database.db, serveClient: true, stopping: lifecycle.signal });
// Demo data fills a new embedded database by default; DEMO=1 forces it on PostgreSQL, DEMO=0 turns it off.
const wantDemo = config.demo ?? database.kind === "pglite";
if (wantDemo) await seedDemoData(app.ctx);
// This week's and the next weeks' step batch partitions exist before the first sync arrives, even
// after the servers were down for longer than the weeks made ahead (the job keeps them after).
for (const failure of (await createWeeksAhead(database.db, app.ctx.clock.now())).failed)
  app.log.error(failure, "step batch partition could not be created");
const scheduler = startScheduler(app.ctx, config.jobTickMs);
lifecycle.manage({ app, scheduler, database });
lifecycle.exitOnSignals();

await app.listen({ port: config.port, host: config.host });
// The port bound (PORT=0 picks a free one).
const { port } = app.server.address() as AddressInfo;
// Prometheus metrics on a listener of their own, never the public port (METRICS_PORT unset: none).
const metricsListener =
  config.metricsPort === undefined
    ? null
    : await listenForMetrics(app.ctx.metrics, {
        host: config.metricsHost,
        port: config.metricsPort,
        log: app.log,
        poolStats: database.poolStats,
      });
// Closed after the app and its jobs stopped, before the database.
if (metricsListener) lifecycle.onShutdown("metrics listener", () => metricsListener.close());
app.log.info(
  { db: database.kind, payments: app.ctx.payments.name, email: config.smtpUrl ? "smtp" : "outbox", port },
  `StepRace ready on http://localhost:${port} in ${Math.round(performance.now() - startedAt)} ms`,
);

if (config.env === "production" && config.allowSandboxInProduction) {
  app.log.warn(
    "ALLOW_SANDBOX_IN_PRODUCTION: a public demo on pretend money (sandbox payments and gift cards)",
  );
}

/** For the browser journeys' server (scripts/e2e-server.ts), which starts this module in-process. */
export { database };
