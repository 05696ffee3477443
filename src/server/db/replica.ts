// The read replica (issue 31, DESIGN 2.5): the reads that may be a second stale (the stale-ok
// database, `ctx.staleOkDb`) go to a streaming replica while it answers and keeps up, and to the
// primary otherwise, so that a member never sees an error because the replica is down. Each of
// those queries is routed on its own: to the replica while the last check found it under
// REPLICA_MAX_LAG_MS behind; when the replica fails one for want of a connection, that query is
// asked again of the primary at once and the replica is left out until a check finds it back.
// Transactions on the stale-ok database run on the primary (whatever reads inside one, it reads
// what the transaction sees). The lag is measured every second from WAL positions (replica-lag.ts).
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { ReplicaStatus } from "../context";
import { type Db, dbOnPool } from "./client";
import { lagTracker, parseLsn } from "./replica-lag";

export type Replica = {
  /** The stale-ok database: a query goes to the replica while it is healthy, else to the primary. */
  db: Db;
  status(): ReplicaStatus;
  /** Measures the lag now (a timer does it every `checkEveryMs`). */
  refresh(): Promise<void>;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  /** The replica's connection string. */
  url: string;
  /** The primary (PostgreSQL): its position is the reference, and it answers when the replica cannot. */
  primary: Db;
  maxLagMs: number;
  checkEveryMs?: number;
  poolSize?: number;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
};

/** How long a connection to the replica, or a lag check, may take before the replica counts as down. */
const REPLICA_TIMEOUT_MS = 2_000;

/** SQLSTATEs that say the replica (not the query) cannot answer now: it shuts down, starts, is full, or lacks the database yet. */
const REPLICA_DOWN_STATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);
/**
 * SQLSTATEs of a query the replica refused that the primary answers: canceled by a conflict with
 * recovery (replay needed rows it read), or a write sent to the read-only replica by mistake.
 */
const REPLICA_REFUSED_STATES = new Set(["40001", "40P01", "25006"]);

/** Why the replica failed a query, when the primary should answer it instead (null: the query's own error). */
export function replicaFailure(error: unknown): "down" | "refused" | null {
  // Not a server's answer: the connection failed (refused, reset, timed out, ended).
  if (!(error instanceof pg.DatabaseError)) return "down";
  const state = error.code ?? "";
  if (state.startsWith("08") || REPLICA_DOWN_STATES.has(state)) return "down";
  return REPLICA_REFUSED_STATES.has(state) ? "refused" : null;
}

/** The node-postgres pool under a Db opened by openDatabase (the replica falls back to it). */
function poolOf(db: Db): pg.Pool {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error("DATABASE_REPLICA_URL needs a PostgreSQL primary");
  return client;
}

/** Rejects with a clear error when `work` takes longer than `ms`. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Opens the replica's pool and starts checking its lag; `close()` stops both. */
export function openReplica(options: ReplicaOptions): Replica {
  const { maxLagMs, log } = options;
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const primary = poolOf(options.primary);
  const replica = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
    // How the replica's pg_stat_activity names these connections.
    application_name: "steprace-stale-ok",
  });
  const tracker = lagTracker(maxLagMs, maxLagMs + 3 * checkEveryMs);
  const counts = { fallbacks: 0, replicaReads: 0 };
  let lagMs: number | null = null;
  let reachable = false;
  let measuredAt = Number.NEGATIVE_INFINITY;
  let wasHealthy = false;
  let checking: Promise<void> | undefined;
  let closed = false;

  /** Healthy: it answered the last check, that check is recent, and it was close enough behind. */
  const healthy = () =>
    !closed &&
    reachable &&
    lagMs !== null &&
    lagMs < maxLagMs &&
    performance.now() - measuredAt < maxLagMs + 2 * checkEveryMs;

  /** Logs each change of where stale-ok reads go, once. */
  const noteChange = (reason: string) => {
    const now = healthy();
    if (now === wasHealthy) return;
    wasHealthy = now;
    if (now) log.info({ lagMs }, "replica: stale-ok reads go to the replica");
    else log.warn({ lagMs, reason }, "replica: stale-ok reads go to the primary");
  };

  /** The replica cannot answer: leave it out until a check finds it back. */
  const down = (reason: string) => {
    reachable = false;
    lagMs = null;
    tracker.lost();
    noteChange(reason);
  };
  // An idle connection ended by the replica (a restart) must not crash the process.
  replica.on("error", (err) => down(err.message));

  /** One lag check: the primary's position first, then how far the replica has replayed. */
  const measure = async () => {
    const [{ lsn }] = (await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows;
    tracker.primaryAt(parseLsn(lsn), performance.now());
    const [row] = (
      await replica.query<{ standby: boolean; replayed: string | null }>(
        "select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed",
      )
    ).rows;
    // A promoted replica no longer follows the primary: its data would drift apart.
    if (!row.standby || row.replayed === null) throw new Error("the replica is not a standby of the primary");
    measuredAt = performance.now();
    lagMs = tracker.replayed(parseLsn(row.replayed), measuredAt);
    reachable = true;
    noteChange(lagMs === null ? "lag not known yet" : `${lagMs} ms behind`);
  };

  /** One check at a time (a slow one is not stacked up by the timer), given up after REPLICA_TIMEOUT_MS. */
  const refresh = () => {
    if (closed) return Promise.resolve();
    checking ??= within(REPLICA_TIMEOUT_MS, "the replica's lag check", measure())
      .catch((err: Error) => down(err.message))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const timer = setInterval(refresh, checkEveryMs);
  timer.unref();
  void refresh();

  /** One stale-ok query: on the replica when healthy, else (or when it fails for want of it) on the primary. */
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    if (healthy()) {
      try {
        const result = await replica.query(config, values);
        counts.replicaReads++;
        return result;
      } catch (error) {
        const failure = replicaFailure(error);
        if (!failure) throw error;
        if (failure === "down") {
          down((error as Error).message);
          void refresh();
        }
      }
    }
    counts.fallbacks++;
    return primary.query(config, values);
  };

  // A pg.Pool to drizzle, so that it takes a client with connect() for a transaction (the primary's);
  // it never connects itself: each query goes to the replica's pool or the primary's.
  const routed = new pg.Pool({ max: 1 });
  routed.query = query as pg.Pool["query"];
  routed.connect = (() => primary.connect()) as pg.Pool["connect"];

  return {
    db: dbOnPool(routed),
    status: () => ({ lagMs, healthy: healthy(), ...counts }),
    refresh,
    async close() {
      closed = true;
      clearInterval(timer);
      await checking;
      await replica.end();
    },
  };
}
