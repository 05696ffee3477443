import { buildApp } from "./app";
import { type Config, loadConfig } from "./config";
import { configuredDatabase, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { createWeeksAhead } from "./features/steps/batch-retention";
import { startScheduler } from "./jobs/scheduler";
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
const app = await buildApp({ config, db: database.db, serveClient: true });
// Demo data fills a new embedded database by default; DEMO=1 forces it on PostgreSQL, DEMO=0 turns it off.
const wantDemo = config.demo ?? database.kind === "pglite";
if (wantDemo) await seedDemoData(app.ctx);
// This week's and the next weeks' step batch partitions exist before the first sync arrives, even
// after the servers were down for longer than the weeks made ahead (the job keeps them after).
for (const failure of (await createWeeksAhead(database.db, app.ctx.clock.now())).failed)
  app.log.error(failure, "step batch partition could not be created");
const scheduler = startScheduler(app.ctx, config.jobTickMs);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { db: database.kind, payments: app.ctx.payments.name, email: config.smtpUrl ? "smtp" : "outbox" },
  `StepRace ready on http://localhost:${config.port} in ${Math.round(performance.now() - startedAt)} ms`,
);

if (config.env === "production" && config.allowSandboxInProduction) {
  app.log.warn(
    "ALLOW_SANDBOX_IN_PRODUCTION: a public demo on pretend money (sandbox payments and gift cards)",
  );
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await scheduler.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** For the browser journeys' server (scripts/e2e-server.ts), which starts this module in-process. */
export { database };
