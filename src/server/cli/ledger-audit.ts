import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { auditLedger } from "../ledger/audit";

/**
 * `npm run ledger:audit`: checks the books of the configured database and prints one JSON line
 * `{ ok, accounts, transfers, mismatches }` last; exits 1 on any mismatch.
 */
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir },
);
try {
  await migrate(database);
  const report = await auditLedger(database.db);
  console.log(JSON.stringify(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
