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
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
    ],
  },
});
