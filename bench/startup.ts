// `npm run bench:startup`: how fast a server process starts and how much memory it holds, run
// from its TypeScript sources through tsx (as `npm start` did before issue 31) and from the build
// with plain Node (`npm start` now). Each start is a new process on the same database (migrated
// by a first start, so every measured start finds it current, as a restart does): the time from
// spawning it to its first answer of `GET /api/health`, its resident memory then, and after 200
// requests. PGlite in a scratch DATA_DIR under .tmp, or a scratch database when DATABASE_URL is
// set. Needs `npm run build`. Prints one JSON line, last.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { round } from "./support/stats";

const RUNS = Number(process.env.RUNS ?? 5);
const REQUESTS = 200;
const MODES = {
  tsx: ["--import", "tsx", "src/server/main.ts"],
  built: ["--enable-source-maps", "dist/server/main.js"],
} as const;
type Mode = keyof typeof MODES;

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Resident memory of a process now and at its peak, in MB (Linux /proc). */
function memoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: round(kb("VmRSS") / 1024), peak: round(kb("VmHWM") / 1024) };
}

async function untilHealthy(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function startOnce(mode: Mode, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...MODES[mode]], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await untilHealthy(port, child);
    const readyMs = performance.now() - started;
    const atReady = memoryMb(child.pid as number);
    for (let i = 0; i < REQUESTS; i++)
      await (await fetch(`http://127.0.0.1:${port}/api/competitions`)).arrayBuffer();
    const afterRequests = memoryMb(child.pid as number);
    return { readyMs, atReady, afterRequests };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)]);
};

async function main() {
  if (!existsSync("dist/server/main.js")) throw new Error("Build first: npm run build");
  const serverUrl = process.env.DATABASE_URL;
  const scratch = `bench_startup_${Date.now()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEMO: "0",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
  };
  let admin: pg.Client | null = null;
  if (serverUrl) {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${scratch}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DATA_DIR = path.resolve(".tmp", scratch);
    delete env.DATABASE_URL;
  }
  const load = loadavg().map(round);
  try {
    // Creates and migrates the database, so that the measured starts are restarts.
    await startOnce("built", env);
    const runs: Record<Mode, Awaited<ReturnType<typeof startOnce>>[]> = { tsx: [], built: [] };
    // Alternating, so that a change in the machine's load falls on both alike.
    for (let i = 0; i < RUNS; i++)
      for (const mode of ["tsx", "built"] as const) runs[mode].push(await startOnce(mode, env));
    const summary = (mode: Mode) => ({
      readyMs: median(runs[mode].map((r) => r.readyMs)),
      rssAtReadyMb: median(runs[mode].map((r) => r.atReady.rss)),
      rssAfterRequestsMb: median(runs[mode].map((r) => r.afterRequests.rss)),
      peakRssMb: median(runs[mode].map((r) => r.afterRequests.peak)),
    });
    console.log(
      JSON.stringify({
        bench: "startup",
        db: serverUrl ? "postgres" : "pglite",
        runs: RUNS,
        loadAverage: load,
        tsxSources: summary("tsx"),
        builtNode: summary("built"),
      }),
    );
  } finally {
    if (admin) {
      await admin.query(`drop database if exists "${scratch}" with (force)`);
      await admin.end();
    } else rmSync(env.DATA_DIR as string, { recursive: true, force: true });
  }
}

await main();
