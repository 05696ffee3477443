// What `npm test` reads from each runner's JSON report: the counts, and the tests that failed (named,
// with the first line of why), printed again at the end of the run: CI keeps only the tail of a
// long log, where the runner's own report of a failure has scrolled away.

/** The ANSI colour codes a runner's messages carry (ESC [ … m). */
const colourCodes = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first line of a failure message, without colour codes, at most `max` characters. */
export function firstLine(message, max = 300) {
  const lines = String(message ?? "")
    .replace(colourCodes, "")
    .split("\n")
    .map((l) => l.trim());
  const line = lines.find(Boolean) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Vitest's JSON report: counts, and each failed test (or a file that failed outside its tests). */
export function vitestReport(r) {
  const failures = [];
  let filesFailedOutsideTests = 0;
  for (const file of r.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed)
      failures.push({ where: file.name, test: t.fullName, why: firstLine(t.failureMessages?.[0]) });
    if (file.status === "failed" && failed.length === 0) {
      filesFailedOutsideTests += 1;
      failures.push({ where: file.name, test: "(the file itself)", why: firstLine(file.message) });
    }
  }
  return {
    passed: r.numPassedTests,
    // A file that failed outside its tests (a hook, an import) counts once; vitest's own count of
    // failed suites counts each describe around a failed test too (one failed test read as three).
    failed: r.numFailedTests + filesFailedOutsideTests,
    skipped: r.numPendingTests + r.numTodoTests,
    failures,
    flaky: [],
  };
}

/** Playwright's JSON report: counts, each journey that failed, and each that passed only on a retry. */
export function playwrightReport(r) {
  const failures = [];
  const flaky = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const where = `${spec.file ?? suite.file}:${spec.line}`;
        const name = t.projectName ? `[${t.projectName}] ${spec.title}` : spec.title;
        if (t.status === "unexpected") {
          const error = (t.results ?? []).map((x) => x.error?.message).find(Boolean);
          failures.push({ where, test: name, why: firstLine(error) });
        } else if (t.status === "flaky") {
          flaky.push({ where, test: name });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of r.suites ?? []) visit(suite);
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
    failures,
    flaky,
  };
}
