// `npm run bench:lighthouse`: Lighthouse (mobile preset: Moto G class phone, slow 4G, 4x CPU slowdown)
// on `/` and `/login` of the built app, served as in production, RUNS times each (default 3);
// prints JSON with the median of each metric. Needs `npm run build`. Chromium from CHROMIUM_PATH
// (default /usr/bin/chromium). The CPU slowdown multiplies the times measured on this machine, so
// a busy machine inflates total blocking time: `benchmarkIndex` (Lighthouse's CPU speed estimate,
// higher is faster) tells how busy it was. LH_DUMP=<dir> keeps each report, LH_TRACE=<file> the
// last run's trace.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { serveBuiltApp } from "./support/built-app";

const runs = Number(process.env.RUNS ?? 3);
const paths = ["/", "/login"];

const { address, close } = await serveBuiltApp();

interface Sample {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  benchmarkIndex: number;
}

/** One Lighthouse run in a fresh browser (a reused one loses the trace now and then: NO_NAVSTART). */
async function audit(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    // No settings given: Lighthouse's default is the mobile preset.
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (process.env.LH_TRACE) writeFileSync(process.env.LH_TRACE, JSON.stringify(result.artifacts.Trace));
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** A run whose trace Chromium lost (runtimeError, e.g. NO_NAVSTART) is repeated, up to 3 tries. */
async function auditWithRetries(url: string) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await audit(url);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.error(`${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

const samples = new Map<string, Sample[]>(paths.map((p) => [p, []]));
try {
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      const lhr = await auditWithRetries(`${address}${path}`);
      const dump = process.env.LH_DUMP;
      if (dump) writeFileSync(`${dump}/lhr-${run}${path.replaceAll("/", "_")}.json`, JSON.stringify(lhr));
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      samples.get(path)?.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        fcpMs: metric("first-contentful-paint"),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
    }
  }
} finally {
  await close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const require = createRequire(import.meta.url);
const lighthouseVersion: string = JSON.parse(
  readFileSync(require.resolve("lighthouse/package.json"), "utf8"),
).version;

console.log(
  JSON.stringify({
    lighthouse: lighthouseVersion,
    preset: "mobile (default: simulated slow 4G, 4x CPU slowdown)",
    runs,
    pages: paths.map((path) => {
      const list = samples.get(path) ?? [];
      const pick = (k: keyof Sample) => list.map((s) => s[k]);
      return {
        page: path,
        performance: median(pick("score")),
        lcpMs: round(median(pick("lcpMs"))),
        tbtMs: round(median(pick("tbtMs"))),
        cls: round(median(pick("cls")), 3),
        fcpMs: round(median(pick("fcpMs"))),
        scores: pick("score"),
        benchmarkIndex: pick("benchmarkIndex").map((n) => round(n)),
      };
    }),
  }),
);
