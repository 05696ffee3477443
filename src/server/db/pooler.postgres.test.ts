import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Pgbouncer, pgbouncerInstalled, startPgbouncer } from "../../../scripts/pgbouncer";
import { type App, buildApp } from "../app";
import { useScratchDatabases } from "../test/database";
import { fundedMember, type Session, syncSteps } from "../test/factories";
import { callAs, useTestApp } from "../test/test-app";
import { type Database, openDatabase, type PoolMode } from "./client";
import { appliedOn, committedBookkeeping, migrateAt } from "./migrate-test-kit";

const onPostgres = process.env.TEST_DB === "postgres";
const ci = process.env.CI === "true" || process.env.CI === "1";
// CI installs PgBouncer (.ci/run): there these tests run, never skip.
if (onPostgres && ci && !pgbouncerInstalled()) {
  throw new Error("CI needs PgBouncer (apt-get install pgbouncer): the tests behind the pooler must run");
}

/** The pooler's server connections per database, and each app instance's pool: more than it. */
const POOLER_SIZE = 4;
const APP_POOL = 10;

type PoolRow = { database: string; cl_active: number; cl_waiting: number } & Record<
  `sv_${"active" | "idle" | "used" | "tested" | "login"}`,
  number
>;

/**
 * DESIGN 2.5 as deployed at scale: app processes reach PostgreSQL through PgBouncer (Debian's 1.18,
 * which keeps no prepared statements) in transaction mode, each transaction on whichever server
 * connection is free, with fewer server connections than the apps' pools.
 */
describe.skipIf(!onPostgres || !pgbouncerInstalled())(
  "behind PgBouncer in transaction mode",
  { timeout: 120_000 },
  () => {
    // The file's database, reached directly: the factories write through it.
    const t = useTestApp();
    let pooler: Pgbouncer;
    const opened: { app: App; database: Database }[] = [];
    const errorsLogged: string[] = [];
    const fresh = useScratchDatabases();
    beforeAll(async () => {
      pooler = await startPgbouncer({
        server: process.env.TEST_DATABASE_URL as string,
        poolSize: POOLER_SIZE,
      });
    });
    afterAll(async () => {
      for (const { app, database } of opened) {
        await app.close();
        await database.close();
      }
      await pooler?.stop();
    });

    const fileDatabase = () => new URL(t().database.url as string).pathname.slice(1);

    /** Another app instance on the file's database whose pool of APP_POOL connections goes through the pooler. */
    async function instanceBehindPooler(poolMode: PoolMode): Promise<App> {
      const database = await openDatabase({
        kind: "postgres",
        url: pooler.urlOf(fileDatabase()),
        poolSize: APP_POOL,
        poolMode,
        directUrl: t().database.sessionUrl,
      });
      const app = await buildApp({
        config: t().app.ctx.config,
        db: database.db,
        clock: t().clock,
        // The errors it logs (a 500's cause), to tell why a request failed.
        logger: { level: "error", stream: { write: (line: string) => errorsLogged.push(line) } },
      });
      await app.ready();
      opened.push({ app, database });
      return app;
    }

    /** A member in a group of their own, signed in. */
    async function memberWithGroup() {
      const { session } = await fundedMember(t().app, 100);
      const group = await callAs(t().app, session, "POST", "/api/groups", {
        name: "Walkers",
        poolEntryPrice: null,
      });
      expect(group.statusCode).toBe(201);
      return { session, groupId: group.json().id as number };
    }

    /**
     * 40 signed-in requests at once, alternating between `apps`: every hot-path statement (the
     * session look-up, the competitions list's standings, the group page, the chat poll, a step sync).
     */
    function signedInBurst(apps: App[], session: Session, groupId: number) {
      const requests = [
        (app: App) => callAs(app, session, "GET", "/api/auth/user"),
        (app: App) => callAs(app, session, "GET", "/api/competitions"),
        (app: App) => callAs(app, session, "GET", `/api/groups/${groupId}`),
        (app: App) => callAs(app, session, "GET", `/api/groups/${groupId}/messages`),
        (app: App) => syncSteps(app, session, 1),
      ];
      return Promise.all(
        Array.from({ length: 40 }, (_, i) => requests[i % requests.length](apps[i % apps.length])),
      );
    }

    it("answers signed-in requests on two instances whose pools are larger than its server connections", async () => {
      const apps = [await instanceBehindPooler("transaction"), await instanceBehindPooler("transaction")];
      const { session, groupId } = await memberWithGroup();
      const answers = await signedInBurst(apps, session, groupId);
      expect(answers.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.body}`))).toEqual(
        answers.map(() => 200),
      );
      expect(errorsLogged).toEqual([]);
      // More app connections than server connections: the pooler did hand transactions around.
      const [pool] = (await pooler.admin<PoolRow>("show pools")).filter((p) => p.database === fileDatabase());
      const servers = pool.sv_active + pool.sv_idle + pool.sv_used + pool.sv_tested + pool.sv_login;
      expect(servers).toBeLessThanOrEqual(POOLER_SIZE);
      expect(pool.cl_active + pool.cl_waiting).toBeGreaterThan(POOLER_SIZE);
    });

    it("is where named prepared statements break (what DATABASE_POOL_MODE=transaction avoids)", async () => {
      const apps = [await instanceBehindPooler("session"), await instanceBehindPooler("session")];
      const { session, groupId } = await memberWithGroup();
      errorsLogged.length = 0;
      let failed = 0;
      // Each round reuses the connections the earlier ones named their statements on.
      for (let round = 0; round < 5 && failed === 0; round++) {
        const answers = await signedInBurst(apps, session, groupId);
        failed = answers.filter((r) => r.statusCode === 500).length;
      }
      expect(failed).toBeGreaterThan(0);
      expect(errorsLogged.join("\n")).toMatch(/prepared statement \\"\w+\\" (does not exist|already exists)/);
    });

    it("migrates an empty database once when start-ups race through it alone (no session lock)", async () => {
      const empty = await fresh();
      // No DATABASE_DIRECT_URL: the migrations go through the pooler too, more of them than its connections.
      const throughPooler = {
        kind: "postgres",
        url: pooler.urlOf(empty.name),
        poolMode: "transaction",
      } as const;
      await Promise.all([1, 2, 3, 4, 5, 6].map(() => migrateAt(throughPooler)));
      expect((await appliedOn(empty.url)).map((a) => [a.hash, a.createdAt])).toEqual(committedBookkeeping());
    });

    it("starts three server processes at once on an empty database as deployed: migrated once, all serving", async () => {
      const empty = await fresh();
      const env = {
        DATABASE_URL: pooler.urlOf(empty.name),
        DATABASE_POOL_MODE: "transaction",
        DATABASE_DIRECT_URL: empty.url,
      };
      const servers = await Promise.all([1, 2, 3].map(() => startServer(env)));
      try {
        expect((await appliedOn(empty.url)).map((a) => [a.hash, a.createdAt])).toEqual(
          committedBookkeeping(),
        );
        for (const server of servers) {
          const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
          expect(health.status).toBe(200);
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    });
  },
);

/**
 * `node --import tsx src/server/main.ts` on a free port of 127.0.0.1 with `env`; answers once it
 * listens (rejects with its output if it exits first).
 */
function startServer(env: Record<string, string>): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("src/server/main.ts")],
    {
      env: {
        PATH: process.env.PATH ?? "",
        PORT: "0",
        HOST: "127.0.0.1",
        DEMO: "0",
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!listening) return;
      child.stdout?.off("data", onOutput);
      resolve({
        port: Number(listening[1]),
        async stop() {
          child.kill("SIGTERM");
          await exited;
        },
      });
    };
    child.stdout?.on("data", onOutput);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
}
