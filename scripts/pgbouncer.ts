// A PgBouncer in transaction pooling mode in front of a PostgreSQL server, as StepRace is deployed
// at scale (DESIGN 2.5): what CI, the benchmarks and the pooler tests start, and what a developer
// starts by hand:
//
//   node --import tsx scripts/pgbouncer.ts [--server postgres://postgres@127.0.0.1:5432] [--pool-size 4] [--url-file F]
//
// It prints the pooler's address and runs until stopped (Ctrl-C, SIGTERM). Every database of the
// server is reachable through it under its own name (a wildcard entry), each with `--pool-size`
// server connections at most. Debian's PgBouncer (1.18) does not keep prepared statements in
// transaction mode: the app must run with DATABASE_POOL_MODE=transaction behind it.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/** Where Debian installs it (PGBOUNCER_PATH says otherwise). */
export const PGBOUNCER_PATH = process.env.PGBOUNCER_PATH || "/usr/sbin/pgbouncer";

/** Server connections per database and user: below the app's pools (DATABASE_POOL_SIZE, 10 in tests). */
export const DEFAULT_POOLER_SIZE = 4;

export type PgbouncerOptions = {
  /** The PostgreSQL server (its host, port, user and password; the database part is ignored). */
  server: string;
  /** Server connections per database and user (default_pool_size). */
  poolSize?: number;
};

export type Pgbouncer = {
  /** The pooler's address, with the server's user and no database: add `/<database>`. */
  url: string;
  /** A database's address through the pooler. */
  urlOf(database: string): string;
  /** Runs one command on PgBouncer's admin console (SHOW POOLS, SHOW CONFIG, ...) and answers its rows. */
  admin<T>(command: string): Promise<T[]>;
  /** Stops PgBouncer (its clients are cut off) and removes its files. */
  stop(): Promise<void>;
};

/** Whether PgBouncer is installed here. */
export const pgbouncerInstalled = () => existsSync(PGBOUNCER_PATH);

/** A TCP port of 127.0.0.1 nobody listens on (free a moment ago). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The configuration: transaction pooling, any database of `server`, anyone the server trusts. */
function configuration(server: URL, port: number, poolSize: number, dir: string): string {
  const user = decodeURIComponent(server.username || "postgres");
  // trust: PgBouncer asks clients for no password; it logs in to the server as the client's user,
  // with the password given here (none for a server that trusts local connections).
  writeFileSync(path.join(dir, "users.txt"), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  return [
    "[databases]",
    `* = host=${server.hostname || "127.0.0.1"} port=${server.port || 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    `admin_users = ${user}`,
    "pool_mode = transaction",
    `default_pool_size = ${poolSize}`,
    "max_client_conn = 1000",
    "log_connections = 0",
    "log_disconnections = 0",
    "",
  ].join("\n");
}

/** Resolves once the admin console answers, rejects if PgBouncer exits first or takes over 10 s. */
async function ready(child: ChildProcess, adminUrl: string, logFile: string): Promise<void> {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 100 && !exited; i++) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query("show version");
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
  child.kill("SIGKILL");
  throw new Error(`PgBouncer did not start:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
}

/** Starts a PgBouncer of its own (files in a temporary folder, a free port) and answers once it accepts clients. */
export async function startPgbouncer(options: PgbouncerOptions): Promise<Pgbouncer> {
  if (!pgbouncerInstalled()) throw new Error(`No PgBouncer at ${PGBOUNCER_PATH} (apt-get install pgbouncer)`);
  const server = new URL(options.server);
  const dir = mkdtempSync(path.join(tmpdir(), "steprace-pgbouncer-"));
  const port = await freePort();
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(ini, configuration(server, port, options.poolSize ?? DEFAULT_POOLER_SIZE, dir));
  const logFile = path.join(dir, "pgbouncer.log");
  const log = openSync(logFile, "a");
  // PgBouncer refuses to run as root: it then drops to the postgres user.
  const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const child = spawn(PGBOUNCER_PATH, [...asUser, ini], { stdio: ["ignore", log, log] });
  const base = new URL(server.toString());
  base.hostname = "127.0.0.1";
  base.port = String(port);
  base.pathname = "/";
  base.search = "";
  const urlOf = (database: string) => new URL(`/${database}`, base).toString();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await ready(child, urlOf("pgbouncer"), logFile);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: base.toString().replace(/\/$/, ""),
    urlOf,
    async admin<T>(command: string) {
      const client = new pg.Client({ connectionString: urlOf("pgbouncer") });
      await client.connect();
      try {
        return (await client.query(command)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The command line: starts one, prints its address (and writes it to --url-file), stops on a signal. */
async function main(args: string[]) {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const server = option("server") ?? "postgres://postgres@127.0.0.1:5432";
  const poolSize = Number(option("pool-size") ?? DEFAULT_POOLER_SIZE);
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new Error("--pool-size must be a whole number ≥ 1");
  const pooler = await startPgbouncer({ server, poolSize });
  const urlFile = option("url-file");
  if (urlFile) writeFileSync(urlFile, `${pooler.url}\n`);
  console.log(
    `PgBouncer in transaction mode (${poolSize} server connections per database) on ${pooler.url}\n` +
      `  DATABASE_URL=${pooler.url}/<database> DATABASE_POOL_MODE=transaction ` +
      `DATABASE_DIRECT_URL=<the database on ${server}>\n  Ctrl-C stops it.`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await pooler.stop();
      process.exit(0);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
