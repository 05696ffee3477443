import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
// @ts-expect-error: a plain ES module of the build scripts, without types
import { buildServer } from "../../../scripts/build-server.mjs";

let built: string | null = null;

/**
 * How a server process is started, as an operator starts it (`npm start`): the server built to
 * JavaScript as `npm run build` builds it (here into .tmp, once per test file, from the sources as
 * they are now), run by plain Node.
 */
export function serverCommand(): { command: string; args: string[] } {
  if (!built) {
    const outdir = path.resolve(".tmp", `server-build-${process.pid}`);
    buildServer(outdir);
    process.once("exit", () => rmSync(outdir, { recursive: true, force: true }));
    built = path.join(outdir, "main.js");
  }
  return { command: process.execPath, args: ["--enable-source-maps", built] };
}

/** A log line of the server (pino's JSON), with its message. */
export type LogLine = Record<string, unknown> & { msg?: string };

export type ServerProcess = {
  /** The port it listens on (PORT=0: one the system picked). */
  port: number;
  /** Its log so far, parsed. */
  log: LogLine[];
  /** Resolves with the first log line (so far or to come) that `match` accepts. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once it has exited (null if a signal ended it). */
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
};

const running = new Set<ChildProcess>();

/** Ends every server process a test left running (afterEach): a failed test must not leak one. */
export function killServerProcesses(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/**
 * Starts `main.ts` in a process of its own with `env` (and PATH) and answers once it says it is
 * ready; its stderr and any line that is not JSON are kept in the log as `{ msg }`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const log: LogLine[] = [];
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer, buffered: { text: string }) => {
    buffered.text += chunk.toString("utf8");
    const lines = buffered.text.split("\n");
    buffered.text = lines.pop() ?? "";
    for (const line of lines.filter((l) => l.trim())) {
      try {
        log.push(JSON.parse(line) as LogLine);
      } catch {
        log.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  };
  const out = { text: "" };
  const err = { text: "" };
  child.stdout?.on("data", (chunk: Buffer) => take(chunk, out));
  child.stderr?.on("data", (chunk: Buffer) => take(chunk, err));
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
      for (const wake of waiters) wake();
    });
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const waitForLog = (match: (line: LogLine) => boolean, ms = 30_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = log.find(match);
        if (found) return finish(() => resolve(found));
        if (gone)
          finish(() => reject(new Error(`server exited before the log line; its log:\n${dump(log)}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no such log line within ${ms} ms; the log:\n${dump(log)}`))),
        ms,
      );
      const finish = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });

  const ready = await waitForLog(
    (l) => typeof l.msg === "string" && l.msg.startsWith("StepRace ready"),
    timeoutMs,
  );
  return {
    port: Number(ready.port),
    log,
    waitForLog,
    exited,
    signal: (name) => child.kill(name),
  };
}

const dump = (log: LogLine[]) =>
  log
    .slice(-30)
    .map((l) => JSON.stringify(l))
    .join("\n");
