// The page benchmarks' server, in a process of its own (bench/support/built-app.ts starts it): the
// built client and the API, as in production, on PostgreSQL when DATABASE_URL names a server (a
// scratch database, dropped when the server stops), else on an empty in-memory PGlite database.
// With BENCH_PAGE_MEMBER=1 it seeds the member the page benchmarks sign in as. Prints one JSON
// line, { address, groupId, database }, once it listens; stops on SIGTERM or SIGINT (a Ctrl-C
// reaches it too), dropping its scratch database.
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { seedPageMember } from "./page-member";
import { withScratchDatabase } from "./postgres";

const stopped = new Promise<void>((resolve) => {
  process.once("SIGTERM", () => resolve());
  process.once("SIGINT", () => resolve());
});

async function serve(database: Database): Promise<void> {
  await migrate(database);
  const groupId = process.env.BENCH_PAGE_MEMBER === "1" ? (await seedPageMember(database.db)).groupId : null;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: "production",
      // Served as in production, on the sandbox payments and gift cards a bench needs.
      ALLOW_SANDBOX_IN_PRODUCTION: "1",
      PUBLIC_URL: "http://127.0.0.1",
      SESSION_SECRET: "bench-secret-bench-secret",
      LOG_LEVEL: "warn",
    }),
    db: database.db,
    serveClient: true,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ address, groupId, database: database.kind })}\n`);
  await stopped;
  await app.close();
}

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  await withScratchDatabase(serverUrl, process.env.BENCH_DB_PREFIX ?? "steprace_bench_pages", serve);
} else {
  const database = await openDatabase({ kind: "pglite" });
  try {
    await serve(database);
  } finally {
    await database.close();
  }
}
process.exit(0);
