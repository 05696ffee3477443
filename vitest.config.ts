import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const onPostgres = process.env.TEST_DB === "postgres";
/**
 * The API test files that replace a module (vi.mock): they run apart, since the api project's files
 * share their modules. Found by reading the files, so a new one cannot be missed.
 */
const mockingFiles = readdirSync("src/server", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => join("src/server", file))
  .filter((file) => readFileSync(file, "utf8").includes("vi.mock("));

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Generous: a loaded machine (CI, or helpers testing beside each other) slows the concurrency tests;
    // no test asserts on time, so a longer limit hides nothing.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    projects: [
      ...(onPostgres
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: "unit",
                include: ["src/core/**/*.test.ts", "src/web/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
              },
            },
          ]),
      {
        // Each project takes the root's timeouts and workers (without this, vitest's 5 s default).
        extends: true as const,
        test: {
          name: onPostgres ? "api-postgres" : "api",
          include: ["src/server/**/*.test.ts"],
          // Tests of PostgreSQL itself (a pooler, a replica, server processes, concurrent migrations)
          // run in the PostgreSQL phase only, rather than counting as skipped on PGlite.
          exclude: [...(onPostgres ? [] : ["src/server/**/*.postgres.test.ts"]), ...mockingFiles],
          globalSetup: ["src/server/test/global-setup.ts"],
          // A worker's files share one module graph: importing the whole server again for each of
          // ~140 files was half of the phase. Every file builds its own app and database
          // (test/test-app.ts), so nothing a test sees is shared but the modules' code.
          isolate: false,
        },
      },
      {
        // The files that replace a module (vi.mock) need a module graph of their own.
        extends: true as const,
        test: {
          name: onPostgres ? "api-postgres-mocking" : "api-mocking",
          include: mockingFiles,
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
    ],
  },
});
