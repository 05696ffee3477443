#!/usr/bin/env node
// `npm test`: unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, the competitions, groups and steps API tests once more through a
// PgBouncer in transaction mode when TEST_POOLER_URL is set too (scripts/pgbouncer.ts starts one),
// then the browser journeys when a Chromium is found.
// In CI (CI=true) the PostgreSQL, pooler and browser phases are required, never skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { playwrightReport, vitestReport } from "./test-report.mjs";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const only = process.argv[2]; // optional: unit | postgres | pooler | e2e
mkdirSync(".tmp", { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedPhases = [];
/** Each phase's failed tests and journeys passed only on a retry, said again at the end. */
const failedTests = [];
const flakyTests = [];

function run(name, cmd, args, env, reportFile, parse) {
  console.log(`\n=== ${name} ===`);
  rmSync(reportFile, { force: true });
  const started = performance.now();
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`(${name}: ${Math.round((performance.now() - started) / 1000)} s)`);
  let counted = false;
  if (existsSync(reportFile)) {
    try {
      const c = parse(JSON.parse(readFileSync(reportFile, "utf8")));
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
      for (const f of c.failures) failedTests.push({ phase: name, ...f });
      for (const f of c.flaky) flakyTests.push({ phase: name, ...f });
      counted = true;
    } catch {}
  }
  if (res.status !== 0) {
    failedPhases.push(name);
    if (!counted) totals.failed += 1;
  }
}

if (!only || only === "unit") {
  run(
    "unit and API tests (PGlite)",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.tmp/vitest-pglite.json"],
    { TEST_DB: "pglite" },
    ".tmp/vitest-pglite.json",
    vitestReport,
  );
}

if (!only || only === "postgres") {
  if (process.env.TEST_DATABASE_URL) {
    run(
      "API tests (PostgreSQL)",
      "npx",
      [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=.tmp/vitest-postgres.json",
      ],
      // Directly: the pooler has a phase of its own.
      { TEST_DB: "postgres", TEST_POOLER_URL: "" },
      ".tmp/vitest-postgres.json",
      vitestReport,
    );
  } else if (ci) {
    console.error("CI needs TEST_DATABASE_URL: the PostgreSQL tests must run.");
    failedPhases.push("PostgreSQL (no TEST_DATABASE_URL)");
  } else {
    console.log("\n(PostgreSQL API tests skipped: set TEST_DATABASE_URL to run them.)");
  }
}

// DESIGN 2.5: the features with the busiest and the money paths, as deployed at scale: two
// processes (vitest's workers) whose pools (and the second app instance's of useTwoInstances) go
// through PgBouncer in transaction mode with fewer server connections than they have; test
// databases are still created, migrated and dropped directly.
if (!only || only === "pooler") {
  if (process.env.TEST_DATABASE_URL && process.env.TEST_POOLER_URL) {
    run(
      "API tests through PgBouncer (transaction mode)",
      "npx",
      [
        "vitest",
        "run",
        "src/server/features/competitions",
        "src/server/features/groups",
        "src/server/features/steps",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=.tmp/vitest-pooler.json",
      ],
      { TEST_DB: "postgres" },
      ".tmp/vitest-pooler.json",
      vitestReport,
    );
  } else if (ci) {
    console.error(
      "CI needs TEST_DATABASE_URL and TEST_POOLER_URL: the API tests through PgBouncer must run.",
    );
    failedPhases.push("PgBouncer (no TEST_POOLER_URL)");
  } else {
    console.log(
      "\n(API tests through PgBouncer skipped: set TEST_POOLER_URL to a PgBouncer in transaction mode in front of" +
        " TEST_DATABASE_URL's server, e.g. the one `node --import tsx scripts/pgbouncer.ts` starts.)",
    );
  }
}

if (!only || only === "e2e") {
  if (existsSync(chromium)) {
    run(
      "browser journeys (Playwright, Chromium)",
      "npx",
      ["playwright", "test"],
      { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: ".tmp/playwright.json" },
      ".tmp/playwright.json",
      playwrightReport,
    );
  } else if (ci) {
    console.error(`CI needs Chromium at ${chromium}: the browser journeys must run.`);
    failedPhases.push("browser (no Chromium)");
  } else {
    console.log(`\n(Browser journeys skipped: no Chromium at ${chromium}; install it or set CHROMIUM_PATH.)`);
  }
}

for (const f of flakyTests) console.log(`\nflaky (passed on a retry) in ${f.phase}: ${f.test}\n  ${f.where}`);
for (const f of failedTests) console.error(`\nFAILED in ${f.phase}: ${f.test}\n  ${f.where}\n  ${f.why}`);
if (failedPhases.length) console.error(`\nFailed: ${failedPhases.join(", ")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedPhases.length ? 1 : 0);
