import { defineConfig } from "vitest/config";

const onPostgres = process.env.TEST_DB === "postgres";

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
          exclude: onPostgres ? [] : ["src/server/**/*.postgres.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
    ],
  },
});
