import { existsSync } from "node:fs";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";

/**
 * The built client served as in production, on an empty in-memory database, on a free port of
 * 127.0.0.1: what the page benchmarks load (`db` to add what they need). Exits when the client is not built.
 */
export async function serveBuiltApp() {
  if (!existsSync("dist/client/index.html")) {
    console.error("Build the client first: npm run build");
    process.exit(1);
  }
  const database = await openDatabase({ kind: "pglite" });
  await migrate(database);
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
  return {
    address,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
