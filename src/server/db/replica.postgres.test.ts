// Issue 31, a read replica: the reads that may be a second stale go to a real streaming replica
// (started by the file, src/server/test/replica.ts) while it keeps up; what a member just changed,
// and anything in a transaction, reads the primary; a lagging or stopped replica sends every read to
// the primary without an error, and the status (which the metrics read) says so.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { buildUser, fundWallet, loginAs, type Session, syncSteps } from "../test/factories";
import { useReplicaApp } from "../test/replica";
import { callAs } from "../test/test-app";
import { type Db, preparedOnce, queryRows, type Tx } from "./client";
import { openReplica } from "./replica";
import { users } from "./schema";

const onPostgres = process.env.TEST_DB === "postgres";

/** Whether the server that ran the statement is a standby: true only on the replica. */
async function inRecovery(db: Db | Tx): Promise<boolean> {
  const [row] = await queryRows<{ standby: boolean }>(db, sql`select pg_is_in_recovery() as standby`);
  return row.standby;
}

/** Polls `check` every 50 ms until it holds (15 s at most). */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!onPostgres)("a streaming replica (PostgreSQL)", () => {
  const maxLagMs = 4_000;
  // A Wednesday noon: synced steps count in this week's leaderboard whatever the real date.
  const r = useReplicaApp({ maxLagMs, checkEveryMs: 100, now: "2026-03-11T12:00:00Z" });
  const app = () => r().app;
  const status = () => r().router.status();
  const healthy = async () => {
    await r().replica.caughtUp();
    await until("the replica to be healthy", () => status().healthy);
  };

  type Member = { id: number; session: Session };
  async function member(firstName: string): Promise<Member> {
    const user = await buildUser(app(), { firstName });
    return { id: user.id, session: await loginAs(app(), user) };
  }
  /** A sync a minute after the last one (the clock moves, so every step is plausible). */
  async function walk(who: Member, steps: number) {
    r().base.clock.advance(60_000);
    const res = await syncSteps(app(), who.session, steps);
    expect(res.statusCode, res.body).toBe(200);
  }
  /** `who`'s steps on the weekly leaderboard as `viewer` sees it. */
  async function onLeaderboard(viewer: Member, who: Member) {
    const res = await callAs(app(), viewer.session, "GET", "/api/leaderboard");
    expect(res.statusCode).toBe(200);
    return (res.json().entries as { userId: number; steps: number }[]).find((e) => e.userId === who.id)
      ?.steps;
  }
  const get = async (who: Member, url: string) => {
    const res = await callAs(app(), who.session, "GET", url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  it("answers stale-ok reads from the replica, and transactions and everything else from the primary", async () => {
    await healthy();
    const ctx = app().ctx;
    const before = status().replicaReads;
    expect(await inRecovery(ctx.staleOkDb)).toBe(true);
    expect(status().replicaReads).toBe(before + 1);
    expect(await inRecovery(ctx.db)).toBe(false);
    expect(await ctx.staleOkDb.transaction((tx) => inRecovery(tx))).toBe(false);
    expect(ctx.replica?.status()).toMatchObject({ healthy: true, fallbacks: status().fallbacks });
    expect(status().lagMs).toBeLessThan(maxLagMs);
    // A write sent here by mistake: the read-only replica refuses it, the primary answers, and the
    // replica stays in use.
    const fallbacks = status().fallbacks;
    const drawn = sql`select nextval('users_id_seq') > 0 as drawn, pg_is_in_recovery() as standby`;
    expect(await queryRows(ctx.staleOkDb, drawn)).toEqual([{ drawn: true, standby: false }]);
    expect(status()).toMatchObject({ healthy: true, fallbacks: fallbacks + 1 });
  });

  it("a few seconds behind: the leaderboard and statement are the replica's, the member's own steps and wallet the primary's", async () => {
    const [walker, viewer] = [await member("Walker"), await member("Viewer")];
    await walk(walker, 100);
    await healthy();
    expect(await onLeaderboard(viewer, walker)).toBe(100);
    const database = new URL(r().base.database.url as string).pathname.slice(1);

    await r().replica.pauseReplay();
    try {
      await walk(walker, 50);
      await fundWallet(app(), walker.id, 1234);
      const reads = status().replicaReads;
      // The replica has replayed neither: its leaderboard and statement miss them.
      expect(await onLeaderboard(viewer, walker)).toBe(100);
      const statement = await get(walker, "/api/transactions.csv?currency=USD");
      expect(statement.body).not.toContain("Test deposit");
      expect(status()).toMatchObject({ healthy: true });
      expect(status().replicaReads).toBeGreaterThan(reads);
      // What the member just changed is read on the primary.
      expect((await get(walker, "/api/steps/today")).json()).toEqual({ steps: 150 });
      expect((await get(walker, "/api/wallet/balance")).json()).toEqual({ balance: "12.34" });
      expect((await get(walker, "/api/dashboard/stats")).json()).toMatchObject({
        todaySteps: 150,
        balance: "12.34",
      });
      // Only the primary could have answered those: the replica still has the old figures.
      const [copy] = await r().replica.query<{ steps: number }>(
        database,
        "select coalesce(sum(steps), 0)::int as steps from step_days where user_id = $1",
        [walker.id],
      );
      expect(copy.steps).toBe(100);
    } finally {
      await r().replica.resumeReplay();
    }
    await healthy();
    expect(await onLeaderboard(viewer, walker)).toBe(150);
    expect((await get(walker, "/api/transactions.csv?currency=USD")).body).toContain("Test deposit");
  });

  it("lagging past REPLICA_MAX_LAG_MS: the primary answers, the status says so; caught up, the replica again", async () => {
    const [walker, viewer] = [await member("Laggard"), await member("Watcher")];
    await walk(walker, 100);
    await healthy();
    await r().replica.pauseReplay();
    try {
      await walk(walker, 80);
      await until("the lag to pass the limit", () => !status().healthy);
      expect(status().lagMs).toBeGreaterThanOrEqual(maxLagMs);
      const fallbacks = status().fallbacks;
      expect(await onLeaderboard(viewer, walker)).toBe(180);
      expect(await inRecovery(app().ctx.staleOkDb)).toBe(false);
      expect(status().fallbacks).toBeGreaterThan(fallbacks);
    } finally {
      await r().replica.resumeReplay();
    }
    await healthy();
    const reads = status().replicaReads;
    expect(await onLeaderboard(viewer, walker)).toBe(180);
    expect(await inRecovery(app().ctx.staleOkDb)).toBe(true);
    expect(status().replicaReads).toBeGreaterThan(reads);
  });

  it("stopped: the read it drops is asked of the primary at once, every read answers meanwhile; back, it is used again", async () => {
    const [walker, viewer] = [await member("Runner"), await member("Fan")];
    await walk(walker, 100);
    await healthy();
    const base = r().base.database;
    // A router of its own that checks only when told, so that the read, not a check, meets the stop.
    const own = openReplica({
      url: r().replica.urlOf(base.url as string),
      primary: base.db,
      maxLagMs,
      checkEveryMs: 3_600_000,
      log: r().base.app.log,
    });
    // A statement prepared by name, on whichever server answers (each connection prepares it once).
    const probe = preparedOnce((db) =>
      db
        .select({ id: users.id, standby: sql<boolean>`pg_is_in_recovery()` })
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .prepare("replica_probe"),
    );
    try {
      await own.refresh();
      expect(own.status()).toMatchObject({ healthy: true, fallbacks: 0 });
      expect(await probe(own.db).execute({ id: walker.id })).toEqual([{ id: walker.id, standby: true }]);

      const database = new URL(base.url as string).pathname.slice(1);
      const reading = queryRows<{ standby: boolean }>(
        own.db,
        sql`select pg_is_in_recovery() as standby from pg_sleep(2)`,
      );
      await until("the read to run on the replica", async () => {
        const rows = await r().replica.query(
          database,
          "select 1 from pg_stat_activity where query like '%pg_sleep(2)%' and pid <> pg_backend_pid()",
        );
        return rows.length === 1;
      });
      await r().replica.stop();
      expect(await reading).toEqual([{ standby: false }]);
      expect(own.status()).toMatchObject({ healthy: false, lagMs: null, fallbacks: 1, replicaReads: 1 });
      expect(await probe(own.db).execute({ id: walker.id })).toEqual([{ id: walker.id, standby: false }]);

      await until("the app to see the replica down", () => !status().healthy);
      expect(status().lagMs).toBeNull();
      const fallbacks = status().fallbacks;
      await walk(walker, 40);
      expect(await onLeaderboard(viewer, walker)).toBe(140);
      for (const url of ["/api/competitions", "/api/groups", "/api/dashboard/stats", "/api/transactions.csv"])
        await get(viewer, url);
      expect(status().fallbacks).toBeGreaterThan(fallbacks);
      expect(status()).toMatchObject({ healthy: false, lagMs: null });

      await r().replica.start();
      await healthy();
      const reads = status().replicaReads;
      expect(await onLeaderboard(viewer, walker)).toBe(140);
      expect(status().replicaReads).toBeGreaterThan(reads);
      await own.refresh();
      expect(own.status().healthy).toBe(true);
      expect(await probe(own.db).execute({ id: walker.id })).toEqual([{ id: walker.id, standby: true }]);
    } finally {
      await own.close();
    }
  });

  it("is opened by the app from DATABASE_REPLICA_URL and closed with it", async () => {
    const { base, replica } = r();
    const url = base.database.url as string;
    const configured = await buildApp({
      config: {
        ...base.app.ctx.config,
        databaseUrl: url,
        databaseReplicaUrl: replica.urlOf(url),
        replicaMaxLagMs: maxLagMs,
      },
      db: base.database.db,
      clock: base.clock,
      logger: false,
    });
    try {
      await until("its replica to be healthy", () => configured.ctx.replica?.status().healthy === true);
      expect(await inRecovery(configured.ctx.staleOkDb)).toBe(true);
      expect(await inRecovery(configured.ctx.db)).toBe(false);
    } finally {
      await configured.close();
    }
    // Closed with the app: the replica is left out (its pool is ended), a stale-ok read is the primary's.
    expect(await inRecovery(configured.ctx.staleOkDb)).toBe(false);
    expect(configured.ctx.replica?.status().healthy).toBe(false);
  });
});
