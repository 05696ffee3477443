import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The built client served as in production, on a free port of 127.0.0.1, on an empty database
 * (PostgreSQL when DATABASE_URL names a server, else in-memory PGlite): what the page benchmarks
 * load; `pageMember` seeds the member they sign in as (and the group they run: `groupId`);
 * `tlsFront` puts the HTTP/2 TLS front members reach production through before it, in a process
 * of its own (tls-front.ts).
 * Exits when the client is not built.
 *
 * The server runs in a process of its own, as deployed: in the benchmark's process it would answer
 * only between Lighthouse's own work on the same event loop (the trace, the protocol's messages),
 * and Lighthouse takes the answers' observed wait as the server's response time for every request
 * it simulates.
 */
export async function serveBuiltApp({
  pageMember = false,
  tlsFront = false,
}: {
  pageMember?: boolean;
  tlsFront?: boolean;
} = {}): Promise<{
  address: string;
  groupId: number | null;
  /** "postgres" or "pglite". */
  database: string;
  /** The front's certificate, for Chromium's --ignore-certificate-errors-spki-list; null without one. */
  spki: string | null;
  close(): Promise<void>;
}> {
  if (!existsSync("dist/client/index.html")) {
    console.error("Build the client first: npm run build");
    process.exit(1);
  }
  const server = startChild<{ address: string; groupId: number | null; database: string }>(
    "bench/support/built-app-process.ts",
    [],
    { ...process.env, BENCH_PAGE_MEMBER: pageMember ? "1" : "0" },
  );
  const started = await server.started;
  const front = tlsFront
    ? startChild<{ address: string; spki: string }>("bench/support/tls-front-process.ts", [started.address])
    : null;
  const fronted = front ? await front.started.catch(stopOnFailure(server.child)) : null;
  return {
    address: fronted?.address ?? started.address,
    groupId: started.groupId,
    database: started.database,
    spki: fronted?.spki ?? null,
    async close() {
      if (front) await stop(front.child);
      await stop(server.child);
    },
  };
}

/** `script` (TypeScript) in a process of its own, and what it says once it listens (its first line, JSON). */
function startChild<T>(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { child: ChildProcess; started: Promise<T> } {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return { child, started: firstLine(child).then((line) => JSON.parse(line) as T) };
}

/** Stops a child and waits for it to exit (the server drops its scratch database first). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A failure that first stops `child` (the server when its front failed to start). */
function stopOnFailure(child: ChildProcess) {
  return async (error: unknown): Promise<never> => {
    await stop(child);
    throw error;
  };
}

/** A child's first line on stdout: its address (JSON), once it listens. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error("a bench server has no stdout"));
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      lines.close();
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`a bench server exited (${code}) before listening`)));
  });
}
