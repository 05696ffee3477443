// Load generated in a child process of the benchmark's own module (forked with
// `--load-generator`), at lower priority, with the CPU of server, generator and PostgreSQL
// measured over the same window: the child marks the window's start and end, the parent reads its
// own CPU and PostgreSQL's at those marks.
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import { poolerCpuMs, postgresCpuMs } from "./postgres";

/** True in the forked load generator. */
export const isLoadGenerator = process.argv[2] === "--load-generator";

/** In the load generator: runs the first message as a job, sends its result back and disconnects. */
export function serveLoadJobs<Job, Result>(generate: (job: Job) => Promise<Result>) {
  if (!isLoadGenerator) return;
  process.once("message", async (job: Job) => {
    process.send?.(await generate(job), () => process.disconnect());
  });
}

/**
 * In the load generator: marks the measured window (after `warmupMs`, for `durationMs`) to the
 * parent, and measures the generator's own CPU over it.
 */
export function cpuMarks(warmupMs: number, durationMs: number) {
  let cpuFrom = process.cpuUsage();
  let cpuUsed = 0;
  let ended: () => void = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  setTimeout(() => {
    cpuFrom = process.cpuUsage();
    process.send?.({ mark: "from" });
  }, warmupMs);
  setTimeout(() => {
    const used = process.cpuUsage(cpuFrom);
    cpuUsed = (used.user + used.system) / 1000;
    process.send?.({ mark: "to" });
    ended();
  }, warmupMs + durationMs);
  return {
    /**
     * Waits for the window's end mark (a load may finish a moment before it: the parent's CPU
     * figures come with that mark), then answers the generator's CPU time in the window, in % of
     * one core.
     */
    async cpuPct(): Promise<number> {
      await end;
      return Math.round((100 * cpuUsed) / durationMs);
    },
  };
}

/** CPU use in the measured window, in % of one core (`pooler`: PgBouncer's, when one runs). */
export type Cpu = { server: number; loadGenerator: number; postgres: number | null; pooler?: number };

export type RunningLoad<Result> = {
  /** The child's result with the CPU use of each party (% of one core). */
  result: Promise<Result & { cpu: Cpu }>;
  /** Sends the child a message after its job (e.g. to stop an open-ended load). */
  send(message: unknown): void;
};

/** CPU time read (`read`, ms) at a window's start and end, answered in % of one core over `durationMs`. */
function cpuWindow(read: () => number | null, durationMs: number) {
  let from = read();
  let pct: number | null = null;
  return {
    start() {
      from = read();
    },
    end() {
      const now = read();
      pct = now === null || from === null ? null : Math.round((100 * (now - from)) / durationMs);
    },
    pct: () => pct,
  };
}

/** Starts `job` in a child process running `module` (the benchmark itself) with `--load-generator`. */
export function startInChildProcess<Job extends { durationMs: number }, Result extends { cpuPct: number }>(
  module: URL,
  job: Job,
): RunningLoad<Result> {
  let child: ChildProcess | undefined;
  const result = new Promise<Result & { cpu: Cpu }>((resolve, reject) => {
    const forked = fork(module, ["--load-generator"], { serialization: "advanced" });
    child = forked;
    // Real clients are other machines: here the generator yields the shared cores to the server
    // and the database rather than competing with them.
    try {
      if (forked.pid !== undefined) setPriority(forked.pid, 10);
    } catch {
      // Not allowed here: measured at equal priority.
    }
    let server = process.cpuUsage();
    let serverPct = 0;
    const postgres = cpuWindow(postgresCpuMs, job.durationMs);
    const pooler = cpuWindow(poolerCpuMs, job.durationMs);
    forked.on("message", (message) => {
      const mark = (message as { mark?: string }).mark;
      if (mark === "from") {
        server = process.cpuUsage();
        postgres.start();
        pooler.start();
      } else if (mark === "to") {
        const used = process.cpuUsage(server);
        serverPct = Math.round((100 * (used.user + used.system)) / 1000 / job.durationMs);
        postgres.end();
        pooler.end();
      } else {
        const done = message as Result;
        const cpu: Cpu = { server: serverPct, loadGenerator: done.cpuPct, postgres: postgres.pct() };
        const poolerPct = pooler.pct();
        if (poolerPct !== null) cpu.pooler = poolerPct;
        resolve({ ...done, cpu });
      }
    });
    forked.once("error", reject);
    forked.once("exit", (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    forked.send(job);
  });
  return { result, send: (message) => child?.send(message as object) };
}

/** Runs `job` in a child process and answers its result with the CPU use of each party. */
export function inChildProcess<Job extends { durationMs: number }, Result extends { cpuPct: number }>(
  module: URL,
  job: Job,
): Promise<Result & { cpu: Cpu }> {
  return startInChildProcess<Job, Result>(module, job).result;
}
