// The page benchmarks' server, in a process of its own (bench/support/built-app.ts starts it): the
// built client and the API on an empty in-memory database, as in production. With BENCH_PAGE_MEMBER=1
// it seeds the member the page benchmarks sign in as. Prints one JSON line, { address, groupId },
// once it listens; stops on SIGTERM.
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { seedPageMember } from "./page-member";

const database = await openDatabase({ kind: "pglite" });
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
process.stdout.write(`${JSON.stringify({ address, groupId })}\n`);
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
