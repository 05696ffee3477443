import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { configuredDatabase, openDatabase, queryRows } from "../db/client";
import { auditLedger } from "../ledger/audit";

/**
 * `npm run ledger:audit`: checks the books of the configured database and prints one JSON line
 * `{ ok, accounts, transfers, mismatches }` last; exits 1 on any mismatch.
 */
const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
try {
  // A check never writes: a database without the ledger's tables is an error, not an empty ledger.
  const [tables] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('ledger_accounts') is not null and to_regclass('ledger_transfers') is not null as present`,
  );
  if (!tables?.present) {
    console.log(
      JSON.stringify({ ok: false, accounts: 0, transfers: 0, mismatches: [], error: "no ledger tables" }),
    );
    process.exitCode = 1;
  } else {
    const report = await auditLedger(database.db);
    console.log(JSON.stringify(report));
    process.exitCode = report.ok ? 0 : 1;
  }
} finally {
  await database.close();
}
