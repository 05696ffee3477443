import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build scripts, without types
import { firstLine, playwrightReport, vitestReport } from "../scripts/test-report.mjs";

const ESC = String.fromCharCode(27);

describe("npm test's reading of the runners' reports (the failed tests said again at the end)", () => {
  it("names each failed vitest test with the first line of why, and a file that failed outside its tests, counting each once", () => {
    const report = vitestReport({
      numPassedTests: 3,
      numFailedTests: 1,
      // The two files and the describe around the failed test: not three more failures.
      numFailedTestSuites: 3,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: "/repo/src/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [
            {
              fullName: "grp fails here",
              status: "failed",
              failureMessages: [
                `${ESC}[31mAssertionError: expected 1 to be 2${ESC}[39m\n    at /repo/src/a.test.ts:2:60`,
              ],
            },
            { fullName: "grp passes", status: "passed", failureMessages: [] },
          ],
        },
        {
          name: "/repo/src/b.test.ts",
          status: "failed",
          message: "\nError: Hook timed out in 60000ms\n at beforeAll",
          assertionResults: [{ fullName: "b skipped", status: "skipped", failureMessages: [] }],
        },
        { name: "/repo/src/c.test.ts", status: "passed", message: "", assertionResults: [] },
      ],
    });
    expect(report).toMatchObject({ passed: 3, failed: 2, skipped: 1, flaky: [] });
    expect(report.failures).toEqual([
      { where: "/repo/src/a.test.ts", test: "grp fails here", why: "AssertionError: expected 1 to be 2" },
      { where: "/repo/src/b.test.ts", test: "(the file itself)", why: "Error: Hook timed out in 60000ms" },
    ]);
  });

  it("names each failed journey with its place and error, and the journeys that passed only on a retry", () => {
    const report = playwrightReport({
      stats: { expected: 2, flaky: 1, unexpected: 1, skipped: 0 },
      suites: [
        {
          title: "wallet.spec.ts",
          file: "wallet.spec.ts",
          specs: [
            {
              title: "adds funds",
              file: "wallet.spec.ts",
              line: 12,
              tests: [{ projectName: "sandbox", status: "expected", results: [{ status: "passed" }] }],
            },
          ],
          suites: [
            {
              title: "a describe",
              file: "wallet.spec.ts",
              specs: [
                {
                  title: "converts",
                  file: "wallet.spec.ts",
                  line: 40,
                  tests: [
                    {
                      projectName: "sandbox",
                      status: "unexpected",
                      results: [
                        {
                          status: "failed",
                          error: { message: "Error: expect(locator).toBeVisible() failed\nLocator: …" },
                        },
                      ],
                    },
                  ],
                },
                {
                  title: "refunds",
                  file: "wallet.spec.ts",
                  line: 70,
                  tests: [
                    {
                      projectName: "sandbox",
                      status: "flaky",
                      results: [{ status: "failed" }, { status: "passed" }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(report).toMatchObject({ passed: 3, failed: 1, skipped: 0 });
    expect(report.failures).toEqual([
      {
        where: "wallet.spec.ts:40",
        test: "[sandbox] converts",
        why: "Error: expect(locator).toBeVisible() failed",
      },
    ]);
    expect(report.flaky).toEqual([{ where: "wallet.spec.ts:70", test: "[sandbox] refunds" }]);
  });

  it("keeps a long first line short", () => {
    expect(firstLine("x".repeat(500), 20)).toHaveLength(20);
    expect(firstLine(undefined)).toBe("");
  });
});
