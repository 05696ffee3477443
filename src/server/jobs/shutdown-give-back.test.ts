import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../context";
import { queryRows } from "../db/client";
import { settleDueCompetitions } from "../features/competitions/settlement-job";
import { notify } from "../features/notifications/notify";
import { runDeliveries } from "../features/notifications/queue-job";
import { userBalances } from "../ledger/accounts";
import { hasOtherConnections, inAnotherTransaction } from "../test/another-transaction";
import { buildCompetition, buildUser, fundedMember, loginAs } from "../test/factories";
import { type PushEndpoint, startPushEndpoint } from "../test/push-endpoint";
import { expectBooksBalanced, useTestApp } from "../test/test-app";
import { jobs, runJobsOnce } from "./scheduler";
import { ShuttingDown } from "./stopping";

const HOUR = 3600_000;
const GRACE_MS = 600_000;

/**
 * Issue 31, part 4: a process that starts shutting down (ctx.stopping) stops its jobs between items
 * and gives back what it claimed and did not do, so another process goes on at once rather than
 * after a lease, a retry delay or a whole period.
 */
describe("jobs stopped by a shutdown give back their claims", () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" });
  const app = () => t().app;
  let push: PushEndpoint;
  beforeAll(async () => {
    push = await startPushEndpoint();
  });
  afterAll(() => push?.close());

  /** The app's context as a process that can be told to stop: `stop()` begins its shutdown. */
  function stoppable(overrides: Partial<AppContext> = {}) {
    const controller = new AbortController();
    const ctx: AppContext = { ...app().ctx, stopping: controller.signal, ...overrides };
    return { ctx, stop: () => controller.abort(new ShuttingDown("test shutdown")) };
  }
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app().ctx.db, query);
  const join = async (competitionId: number, session: { headers: Record<string, string> }) => {
    const res = await app().inject({
      method: "POST",
      url: `/api/competitions/${competitionId}/join`,
      headers: session.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;

  /** A one-hour competition that ended past its grace, with `n` members who walked, the first the most. */
  async function dueCompetition(n: number) {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 10 }, HOUR, 1 / 24);
    const players = [];
    for (let i = 0; i < n; i++) {
      const p = await fundedMember(app(), 10);
      await join(c.id, p.session);
      players.push(p);
    }
    t().clock.advance(HOUR + 30 * 60_000);
    for (const [i, p] of players.entries()) {
      const res = await app().inject({
        method: "POST",
        url: "/api/steps",
        headers: p.session.headers,
        payload: {
          steps: 3000 - i * 1000,
          timestamp: app().ctx.clock.now().toISOString(),
          batchId: randomUUID(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t().clock.advance(HOUR + GRACE_MS);
    return { c, players };
  }
  const settlementOf = async (id: number) =>
    (
      await rows<{ settled: boolean; attempts: number; retry_at: Date | null }>(
        sql`select settled_at is not null as settled, settle_attempts as attempts, settle_retry_at as retry_at
          from competitions where id = ${id}`,
      )
    )[0];

  it("starts no job once the process is stopping: nothing claimed, nothing settled", async () => {
    const { c } = await dueCompetition(2);
    await app().ctx.db.execute(sql`delete from job_runs`);
    const { ctx, stop } = stoppable();
    stop();
    await runJobsOnce(ctx);
    expect(await rows(sql`select name from job_runs`)).toEqual([]);
    expect(await settlementOf(c.id)).toEqual({ settled: false, attempts: 0, retry_at: null });
    // A live process settles it at its next tick.
    await runJobsOnce(app().ctx);
    expect((await settlementOf(c.id)).settled).toBe(true);
    await expectBooksBalanced(app());
  });

  it("gives a periodic job's turn back when the shutdown stops it midway, so the next process finishes it now", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 10 }, HOUR, 1);
    const gone = [];
    for (let i = 0; i < 3; i++) {
      const p = await fundedMember(app(), 50);
      await join(c.id, p.session);
      gone.push(p);
    }
    // As accounts an older release deleted without withdrawing them: the hourly job's work.
    for (const p of gone)
      await app().ctx.db.execute(sql`update users set deleted_at = now() where id = ${p.user.id}`);
    await app().ctx.db.execute(sql`delete from job_runs where name = 'deleted-member-withdrawal'`);
    const entered = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from competition_participants where competition_id = ${c.id}`,
        )
      )[0].n;

    // The shutdown begins while the first member is being withdrawn.
    const log = app().ctx.log.child({});
    const { ctx, stop } = stoppable({ log });
    vi.spyOn(log, "info").mockImplementation(() => stop());
    const job = jobs.find((j) => j.name === "deleted-member-withdrawal");
    if (!job) throw new Error("no deleted-member-withdrawal job");
    // Stopped quietly (not a failure), one member done, the turn given back.
    await expect(job.run(ctx)).resolves.toBeUndefined();
    expect(await entered()).toBe(2);
    const [turn] = await rows<{ last_run_at: Date }>(
      sql`select last_run_at from job_runs where name = 'deleted-member-withdrawal'`,
    );
    expect(new Date(turn.last_run_at).getTime()).toBeLessThanOrEqual(app().ctx.clock.now().getTime() - HOUR);

    // Another process, at its next tick and not an hour later, withdraws the others (fees refunded once).
    await job.run(app().ctx);
    expect(await entered()).toBe(0);
    for (const p of gone) expect(await fc(p.user.id)).toBe(5000);
    await expectBooksBalanced(app());
  });

  it("sends the claimed pushes already under way, and gives back the ones it had not begun", async () => {
    const m = await fundedMember(app(), 0);
    const device = push.device();
    const subscribed = await app().inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: m.session.headers,
      payload: device.subscription,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const count = 120;
    const at = app().ctx.clock.now();
    await notify(
      app().ctx.db,
      Array.from({ length: count }, (_, i) => ({
        userId: m.user.id,
        kind: "review_cleared" as const,
        title: `Notice ${i}`,
        body: "Your steps count.",
        link: "/competitions",
        dedupeKey: `test:shutdown-push:${m.user.id}:${i}`,
      })),
      at,
    );
    const pushes = async () =>
      rows<{ done: boolean; locked: boolean; attempts: number }>(
        sql`select d.done_at is not null as done, d.locked_until is not null as locked, d.attempts
          from notification_deliveries d join notifications n on n.id = d.notification_id
          where n.user_id = ${m.user.id} and d.channel = 'push'`,
      );
    expect(await pushes()).toHaveLength(count);

    // The shutdown begins as the first push reaches the push service: the sends under way finish.
    const { ctx, stop } = stoppable();
    const unlisten = push.onPush(stop);
    await expect(runDeliveries(ctx)).rejects.toBeInstanceOf(ShuttingDown);
    unlisten();
    const sent = push.for(device.name).length;
    const after = await pushes();
    const done = after.filter((d) => d.done);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(count);
    expect(done).toHaveLength(sent);
    // The rest: free at once (no lease of five minutes), their try not counted.
    expect(after.filter((d) => !d.done)).toEqual(
      Array.from({ length: count - sent }, () => ({ done: false, locked: false, attempts: 0 })),
    );

    // Another process sends each of them at once, none twice.
    await runDeliveries(app().ctx);
    expect((await pushes()).every((d) => d.done)).toBe(true);
    const titles = push.for(device.name).map((p) => p.title);
    expect(titles).toHaveLength(count);
    expect(new Set(titles).size).toBe(count);
    expect(push.failures()).toBe(0);
  });

  it("abandons a settlement in progress: rolled back at once, not counted as failed, then paid once by the next process", async () => {
    const { c, players } = await dueCompetition(3);
    const database = t().database;
    if (!hasOtherConnections(database)) {
      // PGlite has one connection: nothing can hold the settlement up; stopped before it, it is untouched.
      const { ctx, stop } = stoppable();
      stop();
      await expect(settleDueCompetitions(ctx)).rejects.toBeInstanceOf(ShuttingDown);
      expect(await settlementOf(c.id)).toEqual({ settled: false, attempts: 0, retry_at: null });
    } else {
      await inAnotherTransaction(database, async (other) => {
        // A standing held by someone else (a slow sync, say): the settlement waits for it.
        await other.query(
          "select 1 from competition_participants where competition_id = $1 and user_id = $2 for update",
          [c.id, players[1].user.id],
        );
        const { ctx, stop } = stoppable();
        const settling = settleDueCompetitions(ctx);
        expect(await other.someoneWaits()).toBe(true);
        stop();
        // Given up while the standing is still held: its statement was cancelled, the claim rolled back.
        await expect(settling).rejects.toBeInstanceOf(ShuttingDown);
        expect(await settlementOf(c.id)).toEqual({ settled: false, attempts: 0, retry_at: null });
        await other.commit();
      });
    }
    await settleDueCompetitions(app().ctx);
    expect((await settlementOf(c.id)).settled).toBe(true);
    // Pool 30 FC: 15, 9, 6 (50/30/20), paid once.
    expect(await Promise.all(players.map((p) => fc(p.user.id)))).toEqual([1500, 900, 600]);
    const [prizes] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transfers where kind = 'prize' and reference = ${`competition:${c.id}`}`,
    );
    expect(prizes.n).toBe(3);
    await expectBooksBalanced(app());
  });
});
