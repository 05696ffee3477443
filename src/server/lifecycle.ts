// A process's shutdown (issue 31, part 4; DESIGN 2.5): on SIGTERM or SIGINT readiness turns 503 at
// once, the server takes no new connection and finishes the requests it has (up to the grace), the
// scheduler's tick stops between items and gives back what it claimed (jobs/stopping.ts), then the
// extra closers and the database pools close and the process exits: 0 when nothing was cut.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import { ShuttingDown } from "./jobs/stopping";

/** What a shutdown stops, in this order: the HTTP server and the scheduler together, then the pools. */
export type Managed = {
  app: { server: Server; log: FastifyBaseLogger; close(): Promise<unknown> };
  scheduler: { stop(): Promise<void> };
  database: { close(): Promise<void> };
};

/** The requests a server is answering, so that a shutdown waits for them and ends their connections. */
type Requests = { readonly count: number; closeConnectionsAfter(): void };

/** How long each closing step after the grace may take before the process exits without it. */
const CLOSE_STEP_MS = 5000;

/**
 * Counts the server's requests in flight. Once the shutdown begins each answer still to be sent
 * says `Connection: close`, and each connection that falls idle is closed: a keep-alive connection
 * would otherwise keep the server open for its whole keep-alive timeout.
 */
function trackRequests(server: Server): Requests {
  const live = new Set<ServerResponse>();
  let closing = false;
  const endConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    live.add(res);
    if (closing) endConnection(res);
    res.once("close", () => {
      live.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    get count() {
      return live.size;
    },
    closeConnectionsAfter() {
      closing = true;
      for (const res of live) endConnection(res);
    },
  };
}

/** Whether `work` settled within `ms` (its own failure counts as settled: it is logged where it runs). */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = work.then(
    () => true as const,
    () => true as const,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/**
 * One process's lifecycle: `signal` (the AppContext's `stopping`) is aborted when the shutdown
 * begins. main.ts hands it what to stop (`manage`), and others add closers (`onShutdown`: the
 * metrics listener, the replica's pool) that run after requests and jobs stopped, before the pools.
 */
export function createLifecycle({ graceMs }: { graceMs: number }) {
  const controller = new AbortController();
  const closers: { name: string; close: () => unknown }[] = [];
  let managed: (Managed & { requests: Requests }) | null = null;
  let finished: Promise<number> | null = null;

  /** Runs one closing step, bounded and logged: a step that fails or hangs does not stop the others. */
  async function closeStep(log: FastifyBaseLogger, name: string, close: () => unknown): Promise<boolean> {
    const work = Promise.resolve().then(close);
    work.catch((err) => log.error({ err }, `shutdown: closing the ${name} failed`));
    const inTime = await settledWithin(work, CLOSE_STEP_MS);
    if (!inTime) log.error(`shutdown: closing the ${name} took over ${CLOSE_STEP_MS} ms, left as it is`);
    return inTime;
  }

  /** The shutdown itself; answers the exit code (1 when requests or a job were cut by the grace). */
  async function run(parts: Managed & { requests: Requests }, reason: string): Promise<number> {
    const { app, scheduler, database, requests } = parts;
    app.log.info(
      { reason, requestsInFlight: requests.count, graceMs },
      "shutting down: not ready, no new connections, finishing the requests in flight",
    );
    controller.abort(new ShuttingDown(`The process is shutting down (${reason})`));
    requests.closeConnectionsAfter();
    let jobsStopped = false;
    const http = app.close();
    const jobs = scheduler.stop().then(() => {
      jobsStopped = true;
    });
    let code = 0;
    if (!(await settledWithin(Promise.allSettled([http, jobs]), graceMs))) {
      const cut = requests.count;
      if (cut > 0) {
        app.log.error(
          { requestsInFlight: cut, graceMs },
          `shutdown: the grace of ${graceMs} ms ran out with ${cut} request(s) still in flight; they are cut`,
        );
        code = 1;
      }
      if (!jobsStopped) {
        app.log.error(
          { graceMs },
          "shutdown: the grace ran out with a job item still running; it is cut, its claim waits for its stale time",
        );
        code = 1;
      }
      app.server.closeAllConnections();
      await closeStep(app.log, "HTTP server", () => http);
    }
    for (const closer of closers) await closeStep(app.log, closer.name, closer.close);
    await closeStep(app.log, "database pools", () => database.close());
    app.log.info({ code }, "shut down");
    return code;
  }

  /** Shuts down once (a second call answers the first's exit code). */
  function shutdown(reason: string): Promise<number> {
    if (!managed) throw new Error("lifecycle.shutdown before lifecycle.manage");
    finished ??= run(managed, reason);
    return finished;
  }

  return {
    /** Aborted (with a ShuttingDown reason) when the shutdown begins. */
    signal: controller.signal,
    /** What the shutdown stops; call before the server listens, so every request is counted. */
    manage(parts: Managed) {
      managed = { ...parts, requests: trackRequests(parts.app.server) };
    },
    /** A closer run once requests and jobs have stopped, before the database pools close. */
    onShutdown(name: string, close: () => unknown) {
      closers.push({ name, close });
    },
    shutdown,
    /**
     * SIGTERM and SIGINT shut down and exit with the shutdown's code. A repeated signal changes
     * nothing (npm passes a terminal's Ctrl-C on to the process that got it too).
     */
    exitOnSignals() {
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.on(signal, () => {
          if (finished) {
            managed?.app.log.warn({ signal }, "already shutting down");
            return;
          }
          shutdown(signal).then(
            (code) => process.exit(code),
            (err) => {
              managed?.app.log.error({ err }, "shutdown failed");
              process.exit(1);
            },
          );
        });
      }
    },
  };
}
