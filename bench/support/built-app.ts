import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The built client served as in production, on a free port of 127.0.0.1, on an empty database
 * (PostgreSQL when DATABASE_URL names a server, else in-memory PGlite): what the page benchmarks
 * load; `pageMember` seeds the member they sign in as (and the group they run: `groupId`);
 * `tlsFront` puts the HTTP/2 TLS front members reach production through before it (tls-front.ts).
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
  close(): Promise<void>;
}> {
  if (!existsSync("dist/client/index.html")) {
    console.error("Build the client first: npm run build");
    process.exit(1);
  }
  const child = spawn(process.execPath, ["--import", "tsx", "bench/support/built-app-process.ts"], {
    env: { ...process.env, BENCH_PAGE_MEMBER: pageMember ? "1" : "0", BENCH_TLS_FRONT: tlsFront ? "1" : "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (process.env.BENCH_SERVER_NICE && child.pid)
    setPriority(child.pid, Number(process.env.BENCH_SERVER_NICE));
  const ready = await firstLine(child);
  const { address, groupId } = JSON.parse(ready) as { address: string; groupId: number | null };
  return {
    address,
    groupId,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The server's first line on stdout: its address, once it listens. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error("the bench server has no stdout"));
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      lines.close();
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
  });
}
