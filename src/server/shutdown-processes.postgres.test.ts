import { randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { manualClock } from "./clock";
import { loadConfig } from "./config";
import { type Database, queryRows } from "./db/client";
import { auditLedger } from "./ledger/audit";
import { hasOtherConnections, inAnotherTransaction } from "./test/another-transaction";
import { openTestDatabase } from "./test/database";
import { buildCompetition, buildUser, fundedMember, loginAs, type Session } from "./test/factories";
import { killServerProcesses, type ServerProcess, startServerProcess } from "./test/server-process";

const HOUR = 3600_000;
const SESSION_SECRET = "test-secret-test-secret-0123456789";

type Answer = { status: number; body: Record<string, unknown>; connection: string | undefined };

/** One request to a server process on a keep-alive connection of its own, as a browser sends it. */
function send(port: number, method: "GET" | "POST", url: string, session?: Session, body?: object) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(session?.headers ?? {}),
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text || "{}"),
            connection: res.headers.connection,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  }).finally(() => agent.destroy());
}

/**
 * Waits until `n` sessions of the database wait for a lock (the requests or jobs held up by the
 * test). Asked on a connection of its own: inside a transaction, pg_stat_activity stays as it was
 * first read.
 */
async function lockWaiters(database: Database, n: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ waiting }] = await queryRows<{ waiting: number }>(
      database.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (waiting >= n) return;
    if (Date.now() > until)
      throw new Error(`${waiting} sessions wait for a lock, not ${n}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether the process is still running `ms` from now. */
const stillRunningAfter = (server: ServerProcess, ms: number) =>
  Promise.race([server.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

/**
 * A database of the test's own with an app on it (not listening, no scheduler) to arrange data as
 * the other API tests do, on a clock the test sets; the server processes run on the same database.
 */
async function arrange(now = new Date()) {
  const database = await openTestDatabase();
  if (!hasOtherConnections(database)) throw new Error("server processes need PostgreSQL");
  const clock = manualClock(now);
  const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET, AUTH_RATE_LIMIT: "1000" });
  const app = await buildApp({ config, db: database.db, clock, logger: false });
  await app.ready();
  const env = {
    DATABASE_URL: database.url,
    PORT: "0",
    HOST: "127.0.0.1",
    DEMO: "0",
    JOB_TICK_MS: "200",
    SETTLEMENT_GRACE_SECONDS: "0",
    SESSION_SECRET,
    LOG_LEVEL: "info",
  };
  return {
    app,
    clock,
    database: database as Database & { url: string },
    env,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const rows = <T>(database: Database, query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

/**
 * Issue 31, part 4, done when: a process receiving SIGTERM under load completes every request it
 * accepted, and a settlement it held is finished by the other process. Real server processes
 * (`serverCommand()`) on PostgreSQL; PGlite has no second process to hand over to.
 */
// A loaded machine starts a server process in seconds: the limit is generous, no test asserts on it.
describe.runIf(process.env.TEST_DB === "postgres")(
  "restarts that lose nothing (server processes)",
  { timeout: 120_000 },
  () => {
    afterEach(killServerProcesses);

    it("answers every request it accepted when SIGTERM comes under load, takes no new connection, and exits 0", async () => {
      const { app, database, env, close } = await arrange();
      const admin = await loginAs(app, await buildUser(app, { isAdmin: true }));
      const c = await buildCompetition(app, admin, { entryFee: 10 }, HOUR, 1);
      // The server starts while the members are made (it reads them from the database as they come).
      const [server, joiners, walkers] = await Promise.all([
        startServerProcess(env),
        Promise.all(Array.from({ length: 10 }, () => fundedMember(app, 10))),
        Promise.all(Array.from({ length: 20 }, () => fundedMember(app, 0))),
      ]);

      await inAnotherTransaction(database, async (other) => {
        // The joiners' FitCoin accounts held (as a busy wallet would be): their joins wait in the server.
        await other.query(
          "select id from ledger_accounts where user_id = any($1) and currency = 'FC' order by id for update",
          [joiners.map((j) => j.user.id)],
        );
        const joins = joiners.map((j) =>
          send(server.port, "POST", `/api/competitions/${c.id}/join`, j.session, {}),
        );
        const syncs = walkers.map((w) =>
          send(server.port, "POST", "/api/steps", w.session, {
            steps: 500,
            timestamp: new Date().toISOString(),
            batchId: randomUUID(),
          }),
        );
        await lockWaiters(database, joiners.length);
        for (const answer of await Promise.all(syncs)) expect(answer.status).toBe(200);

        server.signal("SIGTERM");
        const draining = await server.waitForLog((l) => l.msg?.startsWith("shutting down") === true);
        // The process counts the ten joins as in flight and waits for them, refusing new connections.
        expect(draining.requestsInFlight).toBe(joiners.length);
        await expect(send(server.port, "GET", "/api/health")).rejects.toMatchObject({ code: "ECONNREFUSED" });
        expect(await stillRunningAfter(server, 500)).toBe(true);

        await other.commit();
        for (const answer of await Promise.all(joins)) {
          expect(answer).toMatchObject({ status: 200, connection: "close" });
        }
      });
      expect(await server.exited).toBe(0);
      expect(server.log.find((l) => l.msg === "shut down")).toMatchObject({ code: 0 });

      // Every join counted once, and paid once.
      const [entered] = await rows<{ n: number }>(
        database,
        sql`select count(*)::int as n from competition_participants where competition_id = ${c.id}`,
      );
      expect(entered.n).toBe(joiners.length);
      const audit = await auditLedger(database.db);
      expect(audit.ok, JSON.stringify(audit.mismatches)).toBe(true);
      await close();
    });

    it("hands a settlement it held over to the other process at once, paid exactly once", async () => {
      // A one-hour competition that ended an hour ago (the processes' grace is 0: it is due).
      const { app, clock, database, env, close } = await arrange(new Date(Date.now() - 3 * HOUR));
      const admin = await loginAs(app, await buildUser(app, { isAdmin: true }));
      const c = await buildCompetition(app, admin, { entryFee: 10 }, HOUR, 1 / 24);
      const players: Awaited<ReturnType<typeof fundedMember>>[] = [];
      for (let i = 0; i < 3; i++) {
        const p = await fundedMember(app, 10);
        const joined = await app.inject({
          method: "POST",
          url: `/api/competitions/${c.id}/join`,
          headers: p.session.headers,
          payload: {},
        });
        expect(joined.statusCode, joined.body).toBe(200);
        players.push(p);
      }
      clock.advance(HOUR + 30 * 60_000);
      for (const [i, p] of players.entries()) {
        const walked = await app.inject({
          method: "POST",
          url: "/api/steps",
          headers: p.session.headers,
          payload: { steps: 3000 - i * 1000, timestamp: clock.now().toISOString(), batchId: randomUUID() },
        });
        expect(walked.statusCode, walked.body).toBe(200);
      }
      const settlement = async () =>
        (
          await rows<{ settled: boolean; attempts: number }>(
            database,
            sql`select settled_at is not null as settled, settle_attempts as attempts from competitions where id = ${c.id}`,
          )
        )[0];

      let first: ServerProcess | undefined;
      let second: ServerProcess | undefined;
      await inAnotherTransaction(database, async (other) => {
        // One standing held (a slow sync, say) before the first process starts: its settlement
        // claims the competition and waits for it.
        await other.query(
          "select 1 from competition_participants where competition_id = $1 and user_id = $2 for update",
          [c.id, players[1].user.id],
        );
        first = await startServerProcess(env);
        await lockWaiters(database, 1);
        const starting = startServerProcess(env);
        first.signal("SIGTERM");
        // It gives the settlement up at once, while the standing is still held, and exits cleanly.
        expect(await first.exited).toBe(0);
        expect(first.log.some((l) => l.job === "competition-settlement" && l.msg?.includes("stopped"))).toBe(
          true,
        );
        expect(await settlement()).toEqual({ settled: false, attempts: 0 });
        second = await starting;
        // The second process claims it at its next tick and waits for the same standing.
        await lockWaiters(database, 1);
        await other.commit();
      });
      const released = Date.now();
      while (!(await settlement()).settled) {
        if (Date.now() - released > 10_000)
          throw new Error("not settled 10 s after the standing was released");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await settlement()).toEqual({ settled: true, attempts: 0 });
      if (!first || !second) throw new Error("the processes did not start");
      const settledBy = (server: ServerProcess) =>
        server.log.filter((l) => l.msg === "competition settled" && l.competitionId === c.id).length;
      await second.waitForLog((l) => l.msg === "competition settled" && l.competitionId === c.id);
      expect([settledBy(first), settledBy(second)]).toEqual([0, 1]);

      // Pool 30 FC: 15, 9 and 6 (50/30/20), each paid once; the books balance.
      const balances = await rows<{ user_id: number; balance: number }>(
        database,
        sql`select user_id, balance::int from ledger_accounts
        where currency = 'FC' and user_id = any(${`{${players.map((p) => p.user.id).join(",")}}`}::int[])`,
      );
      expect(players.map((p) => balances.find((b) => b.user_id === p.user.id)?.balance)).toEqual([
        1500, 900, 600,
      ]);
      const [prizes] = await rows<{ n: number }>(
        database,
        sql`select count(*)::int as n from ledger_transfers where kind = 'prize' and reference = ${`competition:${c.id}`}`,
      );
      expect(prizes.n).toBe(3);
      const audit = await auditLedger(database.db);
      expect(audit.ok, JSON.stringify(audit.mismatches)).toBe(true);

      second.signal("SIGTERM");
      expect(await second.exited).toBe(0);
      await close();
    });
  },
);
