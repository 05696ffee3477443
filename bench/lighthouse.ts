// `npm run bench:lighthouse`: Lighthouse (mobile preset: Moto G class phone, slow 4G) on `/` and
// `/login` of the built app, served as in production, and signed in on every member page (the
// dashboard, /competitions, /wallet, /groups, a group, /points, /redeem, /profile, /notifications),
// RUNS times each (default 3); prints JSON with the median of each metric.
// The CPU slowdown is calibrated to the host (Lighthouse docs/throttling.md): the host's
// BenchmarkIndex is measured with Lighthouse's own benchmark, and the multiplier is the one that
// makes this host emulate the preset's phone (bench/support/cpu-slowdown.ts), instead of the fixed
// 4x that makes the score follow the host. Each run is calibrated just before it, in the browser
// that runs it (signed in, the app's server warm), from the median of CALIBRATION_SAMPLES (default
// 15) measurements: one measurement swings by half on this project's VMs, and an index measured
// once before a round of pages was up to twice what Lighthouse measured at the start of the round's
// first runs (2,990 against 1,490), which doubled their blocking time.
// `CPU_SLOWDOWN=4` runs Lighthouse's fixed default instead, for comparison. A member page is
// measured as a member meets it: a fresh browser signs in through the /login form (a seeded
// member, subscribed and rules accepted), then Lighthouse loads the page in that browser with its
// usual reset (HTTP cache, service worker and its caches cleared, so a cold cache; the session
// cookie and local storage kept). PAGES="/login,/wallet (member)" picks pages by their names in the
// report. Needs `npm run build`. Chromium from CHROMIUM_PATH (default /usr/bin/chromium). The
// report gives, per page, each run's calibration (`calibration`: the median index, its spread and
// the multiplier) and the index Lighthouse itself measured at the start of the run
// (`benchmarkIndex`), and how much of the page's long main-thread tasks (10 ms or more, the ones
// Lantern simulates; the whole load, not only the blocking-time window) the renderer ran rather than
// waited for a core or another process (`mainThread`: thread CPU against wall time,
// bench/support/main-thread-share.ts; `longTasksOnCpuPct`, the median; simulated throttling only):
// the simulation multiplies the wall time, so below 50 % most of the blocking time reported is the
// host's waiting, not the page's work. LH_DUMP=<dir> keeps each report and Lighthouse's saved
// artifacts (its audit mode reads them; the trace is their defaultPass.trace.json), LH_TRACE=<file>
// the last run's trace.
// THROTTLING=devtools has DevTools slow the network and the CPU for real during the load
// (Lighthouse's "devtools" method) instead of simulating them from a fast load.
// The pages are served as members get them: over HTTPS with HTTP/2, through a TLS front before the
// app (bench/support/tls-front.ts; production sits behind a TLS proxy). Lighthouse simulates an
// HTTP/1.1 load as six connections paying a round trip per file, an HTTP/2 one as one connection
// whose files after the first need no round trip each; PROTOCOL=http1 serves the app's own plain
// HTTP/1.1 instead. On PostgreSQL when DATABASE_URL names a server (a scratch database),
// else PGlite. Each simulated run is also scored again by Lighthouse with the page renderer's tasks
// at their thread CPU time (`onCpu`, bench/support/main-thread-share.ts onCpuTrace): the
// calibrated slowdown converts the host's CPU work into the phone's, while the observed wall time
// also holds the renderer's waits for the host's other processes (the browser, the app's server and
// Lighthouse share this machine's cores; a phone's page has a core of its own), which the
// simulation multiplies too. Lighthouse's own score stays the headline; `onCpu` says how much of it
// is the host.
// Chromium runs under the real-time policy, its renderers first, before the host's other processes
// (the benchmark, Lighthouse, the app's server), as on a phone, which runs the page and its browser
// only (bench/support/page-precedence.ts; PAGE_PRECEDENCE=0 turns it off): on this 2-core host it
// took the headline from 79-96 to 96-100, medians of three (on-CPU 98-100 either way).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Artifacts, type Flags } from "lighthouse";
import { saveArtifacts } from "lighthouse/core/lib/asset-saver.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { serveBuiltApp } from "./support/built-app";
import { calibratedCpuSlowdown } from "./support/cpu-slowdown";
import { type MainThreadShare, mainThreadShare, onCpuTrace } from "./support/main-thread-share";
import { signInPageMember } from "./support/page-member";
import { givePagesPrecedence, pagePrecedenceUnavailable } from "./support/page-precedence";

const runs = Number(process.env.RUNS ?? 3);
const calibrationSamples = Number(process.env.CALIBRATION_SAMPLES ?? 15);
interface Target {
  /** The name in the report: the path, with " (member)" when signed in. */
  page: string;
  path: string;
  signedIn: boolean;
}
const allTargets: Target[] = [
  { page: "/", path: "/", signedIn: false },
  { page: "/login", path: "/login", signedIn: false },
  { page: "/ (member)", path: "/", signedIn: true },
  { page: "/competitions (member)", path: "/competitions", signedIn: true },
  { page: "/wallet (member)", path: "/wallet", signedIn: true },
  { page: "/groups (member)", path: "/groups", signedIn: true },
  { page: "/groups/:id (member)", path: "/groups/:id", signedIn: true },
  { page: "/points (member)", path: "/points", signedIn: true },
  { page: "/redeem (member)", path: "/redeem", signedIn: true },
  { page: "/profile (member)", path: "/profile", signedIn: true },
  { page: "/notifications (member)", path: "/notifications", signedIn: true },
];
/** `THROTTLING=devtools`: the network and CPU slowed for real while the page loads, not simulated. */
const throttlingMethod = process.env.THROTTLING === "devtools" ? "devtools" : "simulate";
const fixedSlowdown = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : null;
const chosen = process.env.PAGES?.split(",").map((p) => p.trim());
const targets = chosen ? allTargets.filter((t) => chosen.includes(t.page)) : allTargets;

/** `PROTOCOL=http1`: the app's own plain HTTP/1.1 instead of the HTTP/2 TLS front members get. */
const http1 = process.env.PROTOCOL === "http1";
const { address, groupId, database, spki, close } = await serveBuiltApp({
  pageMember: true,
  tlsFront: !http1,
});
const pathOf = (target: Target) => target.path.replace(":id", String(groupId));

interface Scored {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

interface Sample extends Scored {
  benchmarkIndex: number;
  calibration: Calibration;
  mainThread: MainThreadShare | null;
  /** The same run with the page's tasks at their thread CPU time (auditOnCpu); simulated only. */
  onCpu: Scored | null;
}

/** A report's score and metrics. */
function scored(lhr: {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number }>;
}): Scored {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * `count` measurements of the host's BenchmarkIndex by Lighthouse's own benchmark, in the browser on
 * `port` (a page of its own, closed after).
 */
async function measureBenchmarkIndexes(port: number, count: number): Promise<number[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const indexes: number[] = [];
    for (let i = 0; i < count; i++) {
      indexes.push(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)));
    }
    await page.close();
    return indexes.sort((a, b) => a - b);
  } finally {
    // Disconnects only: the browser stays for the run.
    await browser.close();
  }
}

interface Calibration {
  medianIndex: number;
  p10Index: number;
  p90Index: number;
  cpuSlowdown: number;
}

/** The phone for one run: the multiplier for the median of `calibrationSamples` measurements. */
async function calibrate(port: number): Promise<Calibration> {
  if (fixedSlowdown !== null) return { medianIndex: 0, p10Index: 0, p90Index: 0, cpuSlowdown: fixedSlowdown };
  const indexes = await measureBenchmarkIndexes(port, calibrationSamples);
  const at = (q: number) => indexes[Math.min(indexes.length - 1, Math.floor(q * indexes.length))];
  const medianIndex = median(indexes);
  return {
    medianIndex: Math.round(medianIndex),
    p10Index: Math.round(at(0.1)),
    p90Index: Math.round(at(0.9)),
    cpuSlowdown: calibratedCpuSlowdown(medianIndex),
  };
}

/** Signs the member in through the login form of the browser on `port`, as a person would. */
async function signIn(port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await signInPageMember(page, address);
    await page.close();
  } finally {
    // Disconnects only: the browser, its default context and the session cookie stay.
    await browser.close();
  }
}

/** One Lighthouse run in a fresh browser (a reused one loses the trace now and then: NO_NAVSTART). */
async function audit(url: string, signedIn: boolean) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // The front's throwaway certificate, trusted as if a known authority had issued it.
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      ...(spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : []),
    ],
  });
  try {
    givePagesPrecedence(chrome.pid);
    if (signedIn) await signIn(chrome.port);
    // The host as it is for this run (the app's server warm, this browser up and signed in).
    const calibration = await calibrate(chrome.port);
    const cpuSlowdown = calibration.cpuSlowdown;
    // Lighthouse's default mobile preset, with only the CPU slowdown calibrated.
    const flags: Flags = {
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      throttlingMethod,
    };
    const result = await lighthouse(url, { ...flags, port: chrome.port }, undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (process.env.LH_TRACE) writeFileSync(process.env.LH_TRACE, JSON.stringify(result.artifacts.Trace));
    // Only a run Lighthouse could read (a lost trace is run again, auditWithRetries).
    const onCpu =
      throttlingMethod === "simulate" && !result.lhr.runtimeError
        ? await auditOnCpu(result.artifacts, flags)
        : null;
    return { lhr: result.lhr, onCpu, calibration, artifacts: result.artifacts };
  } finally {
    chrome.kill();
  }
}

/**
 * The same run scored again with the page's main-thread tasks at their thread CPU time
 * (onCpuTrace): Lighthouse's own audits over its saved artifacts (its audit mode), the settings and
 * the network as gathered. The simulation then multiplies the page's work only, not the time the
 * renderer waited for the host's other processes.
 */
async function auditOnCpu(artifacts: Artifacts, flags: Flags) {
  const dir = mkdtempSync(join(tmpdir(), "steprace-lighthouse-on-cpu-"));
  try {
    await saveArtifacts({ ...artifacts, Trace: onCpuTrace(artifacts.Trace) }, dir);
    const result = await lighthouse(undefined, { ...flags, auditMode: dir }, undefined);
    if (!result) throw new Error("Lighthouse's audit mode returned nothing");
    if (result.lhr.runtimeError || result.lhr.categories.performance?.score == null) {
      console.error(`on-CPU re-score failed: ${result.lhr.runtimeError?.message ?? "no score"}`);
      return null;
    }
    return result.lhr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A run whose trace Chromium lost (runtimeError, e.g. NO_NAVSTART) is repeated, up to TRIES tries;
 * how many were lost goes into the report. With Chromium under the real-time policy
 * (page-precedence.ts) about one run in four loses its trace here (one in thirty without).
 */
const TRIES = 5;
const lostTraces = new Map<string, number>();
async function auditWithRetries(url: string, signedIn: boolean, page: string) {
  for (let attempt = 1; ; attempt++) {
    const run = await audit(url, signedIn);
    if (!run.lhr.runtimeError) return run;
    if (attempt === TRIES)
      throw new Error(`${url}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
    lostTraces.set(page, (lostTraces.get(page) ?? 0) + 1);
    console.error(`${url}: ${run.lhr.runtimeError.code}, trying again`);
  }
}

/** Whether the page's session request found the member (200), not a visitor (401). */
function sessionAnswered(lhr: { audits: Record<string, { details?: unknown }> }): boolean {
  const details = lhr.audits["network-requests"]?.details as
    | { items?: { url?: string; statusCode?: number }[] }
    | undefined;
  return (details?.items ?? []).some(
    (item) => item.url?.endsWith("/api/auth/user") === true && item.statusCode === 200,
  );
}

const loadAtStart = loadavg();
const samples = new Map<string, Sample[]>(targets.map((t) => [t.page, []]));
try {
  for (let run = 0; run < runs; run++) {
    for (const target of targets) {
      const { lhr, onCpu, calibration, artifacts } = await auditWithRetries(
        `${address}${pathOf(target)}`,
        target.signedIn,
        target.page,
      );
      if (target.signedIn && !sessionAnswered(lhr)) throw new Error(`${target.page}: not signed in`);
      const dump = process.env.LH_DUMP;
      const name = `${target.signedIn ? "member" : "visitor"}${target.path.replaceAll("/", "_").replace(":", "")}`;
      if (dump) {
        mkdirSync(dump, { recursive: true });
        writeFileSync(`${dump}/lhr-${run}-${name}.json`, JSON.stringify(lhr));
        // Lighthouse's own saved form, the trace among it, which it audits again offline (its audit
        // mode, with the same settings: another slowdown needs it edited in artifacts.json).
        await saveArtifacts(artifacts, `${dump}/artifacts-${run}-${name}`);
      }
      samples.get(target.page)?.push({
        ...scored(lhr),
        onCpu: onCpu && scored(onCpu),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        calibration,
        // Under DevTools' throttling the renderer is stopped for real, so its wait says nothing of the host.
        mainThread: throttlingMethod === "simulate" ? mainThreadShare(artifacts.Trace) : null,
      });
    }
  }
} finally {
  await close();
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs' median score and metrics, and each run's score. */
function medians(runs: Scored[]) {
  const pick = (k: keyof Scored) => runs.map((s) => s[k]);
  return {
    performance: median(pick("score")),
    lcpMs: round(median(pick("lcpMs"))),
    tbtMs: round(median(pick("tbtMs"))),
    cls: round(median(pick("cls")), 3),
    fcpMs: round(median(pick("fcpMs"))),
    scores: pick("score"),
  };
}
const require = createRequire(import.meta.url);
const lighthouseVersion: string = JSON.parse(
  readFileSync(require.resolve("lighthouse/package.json"), "utf8"),
).version;

console.log(
  JSON.stringify({
    lighthouse: lighthouseVersion,
    preset:
      `mobile (${throttlingMethod === "devtools" ? "slow 4G applied by DevTools" : "simulated slow 4G"}), ` +
      (fixedSlowdown === null
        ? "CPU slowdown calibrated to the host's BenchmarkIndex"
        : `fixed ${fixedSlowdown}x CPU slowdown`),
    loadAverage: { atStart: loadAtStart.map((n) => round(n, 2)), atEnd: loadavg().map((n) => round(n, 2)) },
    protocol: http1 ? "HTTP/1.1" : "HTTP/2 over TLS",
    // Whether Chromium ran before the host's other processes, as on a phone, its renderers first
    // (bench/support/page-precedence.ts), or why not.
    pagePrecedence:
      pagePrecedenceUnavailable() ?? "Chromium under the real-time policy: renderers SCHED_RR 2, the rest 1",
    database,
    runs,
    pages: targets.map(({ page }) => {
      const list = samples.get(page) ?? [];
      const onCpu = list.flatMap((s) => (s.mainThread ? [s.mainThread.onCpuPct] : []));
      const onCpuRuns = list.flatMap((s) => (s.onCpu ? [s.onCpu] : []));
      return {
        page,
        ...medians(list),
        // The same runs scored with the page's tasks at the time the renderer ran them (its own
        // work, without its waits for the host's other processes), medians and each run's score.
        onCpu: onCpuRuns.length ? medians(onCpuRuns) : null,
        // Each run's calibration (the index measured just before it, its spread, the multiplier),
        // and the index Lighthouse measured at the start of the run itself.
        calibration: list.map(({ calibration: c }) => ({ ...c, cpuSlowdown: round(c.cpuSlowdown, 2) })),
        benchmarkIndex: list.map((s) => round(s.benchmarkIndex)),
        // How much of the long main-thread tasks the renderer ran (thread CPU / wall time): the
        // rest it waited for a core or another process, and the slowdown multiplied that too.
        longTasksOnCpuPct: onCpu.length ? median(onCpu) : null,
        // Runs done again because Chromium lost the trace (auditWithRetries).
        lostTraces: lostTraces.get(page) ?? 0,
        mainThread: list.map((s) => s.mainThread),
      };
    }),
  }),
);
