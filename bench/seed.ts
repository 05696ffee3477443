// `npm run bench:seed`: how long the demo data takes to make (what `npm start` adds to a new
// embedded database's first start): `seedDemoData` on a scratch PGlite database, freshly migrated
// for each of `BENCH_RUNS` runs (3). Prints one JSON line.
import { rmSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { seedDemoData } from "../src/server/seed/demo";
import { percentile, round } from "./support/stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const seedMs = new Float64Array(RUNS);
let transfers = 0;

for (let i = 0; i < RUNS; i++) {
  const dataDir = path.resolve(".tmp", `bench-seed-${Date.now()}-${i}`);
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database);
    const config = loadConfig({ SESSION_SECRET: "bench-secret-bench-secret-0123456789" });
    const app = await buildApp({ config, db: database.db, logger: false });
    const log = console.log;
    console.log = () => {}; // the seed prints the demo passwords
    const start = performance.now();
    await seedDemoData(app.ctx);
    seedMs[i] = performance.now() - start;
    console.log = log;
    const rows = await database.db.execute("select count(*)::int as n from ledger_transfers");
    transfers = Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
seedMs.sort();
console.log(
  JSON.stringify({
    benchmark: "seedDemoData on PGlite",
    runs: RUNS,
    transfers,
    seedMs: { p50: percentile(seedMs, 0.5), max: round(seedMs.at(-1) ?? 0) },
  }),
);
