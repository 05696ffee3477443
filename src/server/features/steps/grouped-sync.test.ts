import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, stepBatches, stepDays } from "../../db/schema";
import { sessionFreshUntil } from "../../http/viewer";
import { hasOtherConnections, inAnotherTransaction } from "../../test/another-transaction";
import { buildUser, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import {
  clearPointsPending,
  type SessionSync,
  sessionSyncStats,
  syncBatchesForSessions,
  syncBatchForSession,
} from "./steps.repo";

/**
 * Issue 14: syncs that arrive while others are in the database go together, in one statement and
 * one transaction (step_sync_sessions, migration 0018). Each is stored exactly as it would be alone.
 */
describe("several syncs in one round trip", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  type Member = { id: number; tokenHash: string; fingerprint: string; timeZone: string };
  async function member(timeZone = "UTC"): Promise<Member> {
    const user = await buildUser(t().app, { timeZone });
    const session = await loginAs(t().app, user);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    return { id: user.id, tokenHash: row.tokenHash, fingerprint: session.fingerprint ?? "", timeZone };
  }

  /** One sync of `m`, its dates computed in `timeZone` (the member's own unless given). */
  function syncOf(
    m: Member,
    steps: number,
    options: { batchId?: string; timeZone?: string | null } = {},
  ): SessionSync {
    const now = t().clock.now();
    const timeZone = options.timeZone === undefined ? m.timeZone : options.timeZone;
    const date = now.toISOString().slice(0, 10);
    return {
      session: {
        tokenHash: m.tokenHash,
        fingerprint: m.fingerprint,
        now,
        freshUntil: sessionFreshUntil(now),
      },
      batch: {
        timeZone,
        batchId: options.batchId ?? randomUUID(),
        steps,
        recordedAt: now,
        localDate: date,
        today: date,
      },
    };
  }

  const batchesOf = async (userId: number) =>
    (await db().select().from(stepBatches).where(eq(stepBatches.userId, userId))).map((b) => b.steps).sort();
  const dayOf = async (userId: number) =>
    (await db().select().from(stepDays).where(eq(stepDays.userId, userId)))[0]?.steps ?? 0;

  it("answers each sync in order, as if each had come alone", async () => {
    const [a, b] = [await member(), await member()];
    const tokyo = await member("Asia/Tokyo");
    const repeated = randomUUID();
    const unknown: Member = { id: 0, tokenHash: "no-such-session", fingerprint: "x", timeZone: "UTC" };
    const results = await syncBatchesForSessions(db(), [
      syncOf(b, 30),
      syncOf(a, 10, { batchId: repeated }),
      syncOf(unknown, 5),
      syncOf(a, 20),
      syncOf(tokyo, 7, { timeZone: "UTC" }),
      syncOf(a, 10, { batchId: repeated }),
    ]);
    expect(results).toEqual([
      { handled: true, userId: b.id, sync: { seen: false, refused: false, latest: null, totalSteps: 30 } },
      { handled: true, userId: a.id, sync: { seen: false, refused: false, latest: null, totalSteps: 10 } },
      { handled: false, timeZone: null },
      {
        handled: true,
        userId: a.id,
        sync: { seen: false, refused: false, latest: null, totalSteps: 30 },
      },
      // Dates computed in another zone than the member's: nothing stored, the zone answered.
      { handled: false, timeZone: "Asia/Tokyo" },
      // The same batch again in the same call: counted once.
      {
        handled: true,
        userId: a.id,
        sync: { seen: true, refused: false, latest: null, totalSteps: 30 },
      },
    ]);
    expect(await batchesOf(a.id)).toEqual([10, 20]);
    expect(await batchesOf(b.id)).toEqual([30]);
    expect(await batchesOf(tokyo.id)).toEqual([]);
    expect(await dayOf(a.id)).toBe(30);
  });

  it("checks a member's budget against the syncs before it in the same call", async () => {
    const m = await member();
    await syncBatchesForSessions(db(), [syncOf(m, 40)]);
    // At the same instant only the allowance is left (30): the first 20 fit, the second 20 do
    // not, though alone either would pass.
    const results = await syncBatchesForSessions(db(), [syncOf(m, 20), syncOf(m, 20)]);
    expect(results.map((r) => r.handled && r.sync.refused)).toEqual([false, true]);
    expect(await batchesOf(m.id)).toEqual([20, 40]);
  });

  it("fails only the sync that fails when syncs go together", async () => {
    const [a, b] = [await member(), await member()];
    const before = { ...sessionSyncStats(db()) };
    const one = (m: Member, batchId: string) => {
      const s = syncOf(m, 15, { batchId });
      return syncBatchForSession(db(), s.session, s.batch);
    };
    // Made in one turn, so they go in one call; a batch id that is no uuid fails the statement.
    const [first, broken, second] = await Promise.allSettled([
      one(a, randomUUID()),
      one(b, "not-a-uuid"),
      one(b, randomUUID()),
    ]);
    expect(first).toMatchObject({ status: "fulfilled", value: { handled: true, userId: a.id } });
    expect(broken.status).toBe("rejected");
    expect(second).toMatchObject({ status: "fulfilled", value: { handled: true, userId: b.id } });
    expect(await batchesOf(a.id)).toEqual([15]);
    expect(await batchesOf(b.id)).toEqual([15]);
    // One call for the three, then each alone.
    const after = sessionSyncStats(db());
    expect(after.groups - before.groups).toBe(1);
    expect(after.items - before.items).toBe(3);
    expect(after.retriedAlone - before.retriedAlone).toBe(3);
  });

  it("does not hold the other syncs of a call while one member's lock is held elsewhere", async () => {
    const [busy, free] = [await member(), await member()];
    const database = t().database;
    const one = (m: Member) => {
      const s = syncOf(m, 12);
      return syncBatchForSession(db(), s.session, s.batch);
    };
    if (!hasOtherConnections(database)) {
      const results = await Promise.all([one(busy), one(free)]);
      expect(results.map((r) => r.handled)).toEqual([true, true]);
      return;
    }
    await inAnotherTransaction(database, async (other) => {
      // A long transaction on the busy member (as a competition join holds their sync lock).
      await other.query("select pg_advisory_xact_lock(51900, $1)", [busy.id]);
      const before = { ...sessionSyncStats(db()) };
      const busySync = one(busy);
      const freeSync = one(free);
      // The call of both gives up after its short lock wait; the free member's sync, tried alone,
      // is stored while the busy member's still waits.
      expect(await freeSync).toMatchObject({ handled: true, userId: free.id });
      expect(sessionSyncStats(db()).retriedAlone - before.retriedAlone).toBe(2);
      const settled = await Promise.race([
        busySync.then(() => "done"),
        new Promise((r) => setTimeout(r, 300, "waiting")),
      ]);
      expect(settled).toBe("waiting");
      await other.commit();
      expect(await busySync).toMatchObject({ handled: true, userId: busy.id });
      expect(await batchesOf(busy.id)).toEqual([12]);
      expect(await batchesOf(free.id)).toEqual([12]);
    });
  });

  it("lets the points job pass over a day a sync is adding to, instead of waiting for it", async () => {
    const [busy, free] = [await member(), await member()];
    await syncBatchesForSessions(db(), [syncOf(busy, 30), syncOf(free, 40)]);
    const today = t().clock.now().toISOString().slice(0, 10);
    const days = [
      { userId: busy.id, localDate: today, steps: 30 },
      { userId: free.id, localDate: today, steps: 40 },
    ];
    const pending = async () =>
      (await db().select().from(stepDays).where(eq(stepDays.pointsPending, true)))
        .filter((d) => d.userId === busy.id || d.userId === free.id)
        .map((d) => d.userId);
    const database = t().database;
    if (!hasOtherConnections(database)) {
      await clearPointsPending(db(), days);
      expect(await pending()).toEqual([]);
      return;
    }
    await inAnotherTransaction(database, async (other) => {
      // A sync of the busy member, not yet committed, holds their day.
      await other.query("update step_days set steps = steps + 5 where user_id = $1", [busy.id]);
      await Promise.race([
        clearPointsPending(db(), days),
        new Promise((_, reject) => setTimeout(reject, 2000, new Error("waited for the busy day"))),
      ]);
      expect(await pending()).toEqual([busy.id]);
      await other.commit();
    });
  });

  it("takes the members' sync locks in the order of their ids, so two calls never deadlock", async () => {
    const [low, high] = [await member(), await member()].sort((x, y) => x.id - y.id);
    const database = t().database;
    if (!hasOtherConnections(database)) {
      const results = await syncBatchesForSessions(db(), [syncOf(high, 5), syncOf(low, 6)]);
      expect(results.map((r) => r.handled)).toEqual([true, true]);
      return;
    }
    await inAnotherTransaction(database, async (other) => {
      // Another transaction (as another call would) holds the lower member's lock first.
      await other.query("select pg_advisory_xact_lock(51900, $1)", [low.id]);
      // The call lists the higher member first, and must still wait for the lower one before it
      // takes the higher one's lock. (It waits as long as it takes: a deadlock, not a lock
      // timeout, would end it.)
      const call = syncBatchesForSessions(db(), [syncOf(high, 5), syncOf(low, 6)], 60_000);
      expect(await other.someoneWaits()).toBe(true);
      // So the other transaction gets the higher member's lock at once; had the call taken it,
      // this would wait and PostgreSQL would end one of the two as a deadlock.
      await other.query("set local lock_timeout = '3s'");
      await other.query("select pg_advisory_xact_lock(51900, $1)", [high.id]);
      await other.commit();
      const results = await call;
      expect(results.map((r) => r.handled)).toEqual([true, true]);
      expect(await batchesOf(high.id)).toEqual([5]);
      expect(await batchesOf(low.id)).toEqual([6]);
    });
  });
});
