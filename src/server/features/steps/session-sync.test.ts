import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../../../core/constants";
import { sessions, stepBatches, subscriptions, users } from "../../db/schema";
import { sessionFreshUntil } from "../../http/viewer";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { syncBatchForSession } from "./steps.repo";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Issue 14: a sync checks its session in the same round trip as it stores the batch
 * (step_sync_session), and stores nothing for any session that the full check (http/viewer.ts)
 * might answer differently; those syncs take the full check and answer as before.
 */
describe("the sync's session check in one round trip", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  async function member(timeZone = "UTC") {
    const user = await buildUser(t().app, { timeZone });
    const session = await loginAs(t().app, user);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    return { id: user.id, session, tokenHash: row.tokenHash };
  }

  /** The one-statement sync, as the service calls it, with dates computed in `timeZone`. */
  function syncDirect(
    m: { tokenHash: string; session: Session },
    timeZone: string | null,
    fingerprint: string | null = m.session.fingerprint,
  ) {
    const now = t().clock.now();
    const date = now.toISOString().slice(0, 10);
    return syncBatchForSession(
      db(),
      {
        tokenHash: m.tokenHash,
        fingerprint,
        now,
        freshUntil: sessionFreshUntil(now),
      },
      { timeZone, batchId: randomUUID(), steps: 25, recordedAt: now, localDate: date, today: date },
    );
  }

  const stored = async (userId: number) =>
    (await db().select().from(stepBatches).where(eq(stepBatches.userId, userId))).length;

  const syncRoute = (session: Session, steps = 40) =>
    t().app.inject({
      method: "POST",
      url: "/api/steps",
      headers: session.headers,
      payload: { steps, timestamp: t().clock.now().toISOString(), batchId: randomUUID() },
    });

  it("stores the batch of a usable session whose zone the caller knew", async () => {
    const m = await member();
    expect(await syncDirect(m, "UTC")).toEqual({
      handled: true,
      userId: m.id,
      sync: { seen: false, refused: false, latest: null, totalSteps: 25 },
    });
    expect(await stored(m.id)).toBe(1);
  });

  it("stores nothing and answers the member's zone when the caller's dates were for another zone", async () => {
    const m = await member("Asia/Tokyo");
    expect(await syncDirect(m, null)).toEqual({ handled: false, timeZone: "Asia/Tokyo" });
    expect(await syncDirect(m, "UTC")).toEqual({ handled: false, timeZone: "Asia/Tokyo" });
    expect(await stored(m.id)).toBe(0);
    expect((await syncDirect(m, "Asia/Tokyo")).handled).toBe(true);
  });

  const unusable: { name: string; spoil: (m: { id: number; tokenHash: string }) => Promise<unknown> }[] = [
    {
      name: "a signed-out session",
      spoil: (m) =>
        db().update(sessions).set({ revokedAt: t().clock.now() }).where(eq(sessions.tokenHash, m.tokenHash)),
    },
    {
      name: "an expired session",
      spoil: (m) =>
        db()
          .update(sessions)
          .set({ expiresAt: new Date(t().clock.now().getTime() - 1000) })
          .where(eq(sessions.tokenHash, m.tokenHash)),
    },
    {
      name: "a session due for its sliding renewal",
      spoil: (m) =>
        db()
          .update(sessions)
          .set({ expiresAt: new Date(t().clock.now().getTime() + SESSION_TTL_MS - 2 * DAY) })
          .where(eq(sessions.tokenHash, m.tokenHash)),
    },
    {
      name: "a banned member",
      spoil: (m) => db().update(users).set({ bannedAt: t().clock.now() }).where(eq(users.id, m.id)),
    },
    {
      name: "a deleted member",
      spoil: (m) => db().update(users).set({ deletedAt: t().clock.now() }).where(eq(users.id, m.id)),
    },
    {
      name: "a membership in its renewal grace",
      spoil: (m) =>
        db()
          .update(subscriptions)
          .set({ currentPeriodEnd: new Date(t().clock.now().getTime() - HOUR) })
          .where(eq(subscriptions.userId, m.id)),
    },
    {
      name: "a cancelled membership past its period end",
      spoil: (m) =>
        db()
          .update(subscriptions)
          .set({
            status: "cancel_at_period_end",
            currentPeriodEnd: new Date(t().clock.now().getTime() - 1000),
          })
          .where(eq(subscriptions.userId, m.id)),
    },
    {
      name: "an expired membership",
      spoil: (m) =>
        db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, m.id)),
    },
    {
      name: "no membership",
      spoil: (m) => db().delete(subscriptions).where(eq(subscriptions.userId, m.id)),
    },
  ];

  it.each(unusable)("stores nothing for $name and leaves the answer to the full check", async ({ spoil }) => {
    const m = await member();
    await spoil(m);
    expect(await syncDirect(m, "UTC")).toEqual({ handled: false, timeZone: null });
    expect(await stored(m.id)).toBe(0);
  });

  it("stores nothing from another device than the session's, nor without a device", async () => {
    const m = await member();
    expect(await syncDirect(m, "UTC", "otherdevice0001")).toEqual({ handled: false, timeZone: null });
    expect(await syncDirect(m, "UTC", null)).toEqual({ handled: false, timeZone: null });
    expect(await stored(m.id)).toBe(0);
  });

  it("stores from any device for a session bound to none", async () => {
    for (const unbound of [null, ""]) {
      const m = await member();
      await db()
        .update(sessions)
        .set({ deviceFingerprint: unbound })
        .where(eq(sessions.tokenHash, m.tokenHash));
      expect((await syncDirect(m, "UTC", "anydevice0001")).handled).toBe(true);
    }
  });

  it("stores for a membership cancelled at a period end still ahead", async () => {
    const m = await member();
    await db()
      .update(subscriptions)
      .set({ status: "cancel_at_period_end" })
      .where(eq(subscriptions.userId, m.id));
    expect((await syncDirect(m, "UTC")).handled).toBe(true);
  });

  it("answers a retried batch as seen, and counts it once", async () => {
    const m = await member();
    const now = t().clock.now();
    const date = now.toISOString().slice(0, 10);
    const again = () =>
      syncBatchForSession(
        db(),
        {
          tokenHash: m.tokenHash,
          fingerprint: m.session.fingerprint,
          now,
          freshUntil: sessionFreshUntil(now),
        },
        {
          timeZone: "UTC",
          batchId: "00000000-0000-4000-8000-000000000001",
          steps: 25,
          recordedAt: now,
          localDate: date,
          today: date,
        },
      );
    expect(await again()).toMatchObject({ handled: true, sync: { seen: false, totalSteps: 25 } });
    expect(await again()).toMatchObject({ handled: true, sync: { seen: true, totalSteps: 25 } });
    expect(await stored(m.id)).toBe(1);
  });

  it("still syncs in the renewal grace, and renews a session due for it, through the full check", async () => {
    const graced = await member();
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(t().clock.now().getTime() - HOUR) })
      .where(eq(subscriptions.userId, graced.id));
    expect((await syncRoute(graced.session)).json()).toEqual({ stepData: { totalSteps: 40 } });

    const due = await member();
    const old = new Date(t().clock.now().getTime() + SESSION_TTL_MS - 2 * DAY);
    await db().update(sessions).set({ expiresAt: old }).where(eq(sessions.tokenHash, due.tokenHash));
    const res = await syncRoute(due.session);
    expect(res.json()).toEqual({ stepData: { totalSteps: 40 } });
    expect(String(res.headers["set-cookie"])).toMatch(/^sr_session=/);
    const [row] = await db().select().from(sessions).where(eq(sessions.tokenHash, due.tokenHash));
    expect(row.expiresAt.getTime()).toBe(t().clock.now().getTime() + SESSION_TTL_MS);
  });

  it("answers a refused session as every route does, with nothing stored", async () => {
    const signedOut = await member();
    await db()
      .update(sessions)
      .set({ revokedAt: t().clock.now() })
      .where(eq(sessions.tokenHash, signedOut.tokenHash));
    expect((await syncRoute(signedOut.session)).statusCode).toBe(401);

    const otherDevice = await member();
    const moved = await syncRoute({
      ...otherDevice.session,
      headers: { ...otherDevice.session.headers, "x-device-fingerprint": "otherdevice0001" },
    });
    expect(moved.statusCode).toBe(401);
    expect(moved.json().code).toBe("DEVICE_CHANGED");

    const lapsed = await member();
    await db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, lapsed.id));
    expect((await syncRoute(lapsed.session)).json()).toMatchObject({ code: "SUBSCRIPTION_REQUIRED" });

    for (const m of [signedOut, otherDevice, lapsed]) expect(await stored(m.id)).toBe(0);
  });
});
