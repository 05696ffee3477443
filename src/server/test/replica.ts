// A real streaming replica of the test cluster for the replica tests (issue 31): `pg_basebackup -R`
// of the cluster behind TEST_DATABASE_URL into a temporary folder, started as a hot standby on a
// free port with the cluster's own PostgreSQL binaries, stopped and removed after the file. The
// cluster must accept replication connections from the tests' host (scripts/allow-local-replication.sh).
import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../app";
import { openReplica, type Replica } from "../db/replica";
import { buildTestApp, type TestApp, type TestClockOptions } from "./test-app";

const run = promisify(execFile);

export type TestReplica = {
  port: number;
  /** `primaryUrl` (a database of the test cluster) as the replica serves it. */
  urlOf(primaryUrl: string): string;
  /** Rows of `text` asked of the replica's copy of `database`. */
  query<T extends pg.QueryResultRow>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /** Stops replaying WAL (the replica answers, but falls behind), until resumeReplay. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had written when asked. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  remove(): Promise<void>;
};

/** Runs a PostgreSQL program as the postgres OS user (the server refuses to run as root). */
async function asPostgres(program: string, args: string[]): Promise<string> {
  const [command, all] =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  try {
    return (await run(command, all, { timeout: 120_000 })).stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${program} ${args.join(" ")} failed: ${stderr || (error as Error).message}`);
  }
}

/** Gives `path` to the postgres OS user when the tests run as root (the server runs as postgres). */
function ownedByPostgres(path: string): void {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString());
  chownSync(path, id("-u"), id("-g"));
}

/** A TCP port nobody listens on now, on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Polls `ready` every 50 ms until it answers true, failing after `ms` with `what`. */
async function waitFor(what: string, ready: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rows of one statement on a connection of its own. */
async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Settings a hot standby must hold at least as high as its primary's, read from the primary. */
const MATCHED_SETTINGS = [
  "max_connections",
  "max_worker_processes",
  "max_wal_senders",
  "max_prepared_transactions",
  "max_locks_per_transaction",
];

/** Copies the cluster of `primaryUrl` and starts it as a streaming replica. */
export async function startTestReplica(primaryUrl: string): Promise<TestReplica> {
  const primary = new URL(primaryUrl);
  const settings = await queryOnce<{ name: string; setting: string }>(
    primaryUrl,
    "select name, setting from pg_settings where name = any($1) or name = 'server_version_num'",
    [MATCHED_SETTINGS],
  );
  const setting = (name: string) => settings.find((s) => s.name === name)?.setting as string;
  const bin =
    process.env.PG_BIN ??
    `/usr/lib/postgresql/${Math.floor(Number(setting("server_version_num")) / 10_000)}/bin`;
  const folder = mkdtempSync(join(tmpdir(), "steprace-replica-"));
  const data = join(folder, "data");
  ownedByPostgres(folder);
  const port = await freePort();
  const pgCtl = (...args: string[]) => asPostgres(join(bin, "pg_ctl"), ["-D", data, ...args]);
  const replicaUrl = (database: string) => {
    const url = new URL(primaryUrl);
    url.port = String(port);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const remove = async () => {
    await pgCtl("-m", "fast", "-w", "stop").catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    // Fast checkpoint: otherwise the copy waits for the cluster's next one. -R: follow the primary.
    // No sync: a throwaway copy need not reach the disk (writing and deleting it takes seconds more).
    await asPostgres(join(bin, "pg_basebackup"), [
      ...["-h", primary.hostname, "-p", primary.port || "5432", "-U", decodeURIComponent(primary.username)],
      ...["-D", data, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
    ]);
    // The copy holds no server configuration (Debian keeps it in /etc): a standby's own, loopback only.
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      "hot_standby = on",
      "fsync = off",
      "shared_buffers = 16MB",
      ...MATCHED_SETTINGS.map((name) => `${name} = ${setting(name)}`),
    ];
    const files = {
      "postgresql.conf": `${conf.join("\n")}\n`,
      "pg_hba.conf": "host all all 127.0.0.1/32 trust\n",
      "pg_ident.conf": "",
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(data, name), text);
      ownedByPostgres(join(data, name));
    }
  } catch (error) {
    await remove();
    throw new Error(
      `${(error as Error).message}\nThe replica tests copy the test cluster with pg_basebackup: it must allow ` +
        "replication from 127.0.0.1 (run scripts/allow-local-replication.sh).",
    );
  }

  const start = async () => {
    await pgCtl("-l", join(folder, "server.log"), "-w", "-t", "60", "start");
  };
  await start().catch(async (error) => {
    await remove();
    throw error;
  });
  const control = (text: string, values?: unknown[]) => queryOnce(replicaUrl("postgres"), text, values);

  return {
    port,
    urlOf: (url) => replicaUrl(new URL(url).pathname.slice(1)),
    query: (database, text, values) => queryOnce(replicaUrl(database), text, values),
    async pauseReplay() {
      await control("select pg_wal_replay_pause()");
      // Replay checks the request before each record: nothing more is applied from here on.
      await waitFor("replay to pause", async () => {
        const [row] = await control("select pg_get_wal_replay_pause_state() as state");
        return row.state !== "not paused";
      });
    },
    async resumeReplay() {
      await control("select pg_wal_replay_resume()");
    },
    async caughtUp() {
      const [{ lsn }] = await queryOnce<{ lsn: string }>(
        primaryUrl,
        "select pg_current_wal_lsn()::text as lsn",
      );
      await waitFor("the replica to catch up", async () => {
        const [row] = await control("select pg_last_wal_replay_lsn() >= $1::pg_lsn as done", [lsn]);
        return row.done === true;
      });
    },
    stop: async () => {
      await pgCtl("-m", "fast", "-w", "stop");
    },
    start,
    remove,
  };
}

export type ReplicaApp = {
  /** The file's test app (its database, clock and books audit): it reads the primary only. */
  base: TestApp;
  /** An app on the same database whose stale-ok reads go to the replica. */
  app: App;
  /** That app's replica router (ctx.replica). */
  router: Replica;
  replica: TestReplica;
};

/**
 * One replica for the test file, started before its database is made (whose creation it then
 * replays), and an app reading through it, checking its lag every `checkEveryMs`; all closed and
 * removed after the file's tests.
 */
export function useReplicaApp(
  options: { maxLagMs: number; checkEveryMs: number } & TestClockOptions,
): () => ReplicaApp {
  let current: ReplicaApp | undefined;
  let replica: TestReplica | undefined;
  let base: TestApp | undefined;

  beforeAll(async () => {
    replica = await startTestReplica(process.env.TEST_DATABASE_URL as string);
    base = await buildTestApp({}, {}, { now: options.now });
    const database = base.database;
    if (!database.url) throw new Error("The replica tests need PostgreSQL");
    const router = openReplica({
      url: replica.urlOf(database.url),
      primary: database.db,
      maxLagMs: options.maxLagMs,
      checkEveryMs: options.checkEveryMs,
      log: base.app.log,
    });
    const app = await buildApp({
      config: base.app.ctx.config,
      db: database.db,
      clock: base.clock,
      replica: router,
      logger: false,
    });
    await app.ready();
    current = { base, app, router, replica };
  }, 180_000);

  afterAll(async () => {
    await current?.app.close();
    await base?.close();
    await replica?.remove();
  });

  return () => {
    if (!current) throw new Error("replica app not ready");
    return current;
  };
}
