import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stepBatches, stepRefusals } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { stepFlag } from "./steps.repo";

describe("step sync", () => {
  const t = useTestApp();

  async function member(over: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t().app, over);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const sync = (session: Session | null, body: Record<string, unknown>) =>
    t().app.inject({
      method: "POST",
      url: "/api/steps",
      headers: session?.headers ?? {},
      payload: body,
    });

  const batch = (steps: number, over: Record<string, unknown> = {}) => ({
    steps,
    timestamp: t().clock.now().toISOString(),
    batchId: randomUUID(),
    deviceSignature: "sig",
    motionData: {
      accelerometer: true,
      gyroscope: false,
      timestamp: Date.now(),
      sessionId: "s1",
      deviceType: "ios",
    },
    ...over,
  });

  const today = async (session: Session) =>
    (await t().app.inject({ url: "/api/steps/today", headers: session.headers })).json().steps as number;

  const rows = (userId: number) =>
    t().app.ctx.db.select().from(stepBatches).where(eq(stepBatches.userId, userId));

  it("counts a batch and answers today's total", async () => {
    const { session } = await member();
    const first = await sync(session, batch(40));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stepData: { totalSteps: 40 } });
    t().clock.advance(30_000);
    expect((await sync(session, batch(25))).json()).toEqual({ stepData: { totalSteps: 65 } });
    expect(await today(session)).toBe(65);
  });

  it("counts the same batchId once, even retried after later syncs", async () => {
    const { id, session } = await member();
    const once = batch(50);
    expect((await sync(session, once)).json()).toEqual({ stepData: { totalSteps: 50 } });
    expect((await sync(session, once)).json()).toEqual({ stepData: { totalSteps: 50 } });
    t().clock.advance(60_000);
    await sync(session, batch(10));
    const retried = await sync(session, once);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ stepData: { totalSteps: 60 } });
    expect(await rows(id)).toHaveLength(2);
  });

  it("counts concurrent retries once and checks concurrent syncs one after the other", async () => {
    const { id, session } = await member();
    const once = batch(60);
    const retries = await Promise.all(Array.from({ length: 5 }, () => sync(session, once)));
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(retries.map((r) => r.json().stepData.totalSteps)).toEqual([60, 60, 60, 60, 60]);
    expect(await rows(id)).toHaveLength(1);

    // 10 s later each of two syncs of 60 would fit alone (70 allowed), not both at once.
    t().clock.advance(10_000);
    const both = await Promise.all([sync(session, batch(60)), sync(session, batch(60))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await today(session)).toBe(120);
  });

  it("refuses an implausible burst with 422, stores nothing, and flags repeated refusals", async () => {
    const { id, session } = await member();
    await sync(session, batch(100));
    t().clock.advance(10_000);
    // 10 s since the previous sync: at most 4 × 10 + 30 = 70 steps.
    const burst = await sync(session, batch(71));
    expect(burst.statusCode).toBe(422);
    expect(burst.json()).toMatchObject({ code: "IMPLAUSIBLE_STEPS" });
    expect(burst.json().message).toMatch(/more than anyone can walk/);
    expect(await rows(id)).toHaveLength(1);
    expect(await today(session)).toBe(100);
    expect(await stepFlag(t().app.ctx.db, id)).toBeNull();

    // At the limit it counts.
    expect((await sync(session, batch(70))).json()).toEqual({ stepData: { totalSteps: 170 } });

    // Two more refusals within a day flag the account for review. The 70 used up the allowance:
    // a second later only 4 more steps are plausible (small syncs share one allowance).
    t().clock.advance(1_000);
    expect((await sync(session, batch(5000))).statusCode).toBe(422);
    expect(await stepFlag(t().app.ctx.db, id)).toBeNull();
    expect((await sync(session, batch(10_000))).statusCode).toBe(422);
    const flag = await stepFlag(t().app.ctx.db, id);
    expect(flag).toMatchObject({ reviewedAt: null });
    expect(flag?.reason).toMatch(/3 implausible/);
    const refusals = await t().app.ctx.db.select().from(stepRefusals).where(eq(stepRefusals.userId, id));
    expect(refusals.map((r) => [r.steps, r.allowedSteps])).toEqual([
      [71, 70],
      [5000, 4],
      [10_000, 4],
    ]);
    expect(await today(session)).toBe(170);
  });

  it("checks a new account's first sync against the time since the account was created", async () => {
    const now = t().clock.now();
    const { id, session } = await member({ createdAt: new Date(now.getTime() - 60_000) });
    // A minute old, and 5 minutes' slack for a phone clock running behind: at most
    // 4 × 360 + 30 = 1,470 steps, however the phone dates them.
    const first = await sync(session, batch(9000));
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: "IMPLAUSIBLE_STEPS" });
    expect(first.json().message).toBe(
      "These steps could not be counted: that is more than anyone can walk since your account was created (at most 1470 steps). Nothing was added.",
    );
    const older = new Date(now.getTime() - 3600_000).toISOString();
    expect((await sync(session, batch(271, { timestamp: older }))).statusCode).toBe(422);
    expect(await rows(id)).toHaveLength(0);
    // The same refusals and flags as the cadence check: the third within a day flags.
    expect((await sync(session, batch(1471))).statusCode).toBe(422);
    expect(await stepFlag(t().app.ctx.db, id)).toMatchObject({ reviewedAt: null });
    const refusals = await t().app.ctx.db.select().from(stepRefusals).where(eq(stepRefusals.userId, id));
    expect(refusals.map((r) => [r.steps, r.allowedSteps])).toEqual([
      [9000, 1470],
      [271, 30],
      [1471, 1470],
    ]);
    // What fits since the account was created counts.
    expect((await sync(session, batch(1470))).json()).toEqual({ stepData: { totalSteps: 1470 } });
    // A batch dated before the account existed is measured from the later of the two.
    const { session: other } = await member({ createdAt: new Date(now.getTime() - 600_000) });
    expect((await sync(other, batch(31, { timestamp: older }))).statusCode).toBe(422);
    expect((await sync(other, batch(30, { timestamp: older }))).statusCode).toBe(200);
    // The 30 used the allowance: 15 minutes (10 old, 5 of slack) at 4 a second remain.
    expect((await sync(other, batch(3601))).statusCode).toBe(422);
    expect((await sync(other, batch(3600))).statusCode).toBe(200);
  });

  it("gives many small syncs at one instant one allowance between them, not one each", async () => {
    const { id, session } = await member();
    expect((await sync(session, batch(500))).statusCode).toBe(200);
    // A script sending syncs of 30 at once: the first uses the allowance, the rest are refused.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await sync(session, batch(30))).statusCode);
    expect(answers).toEqual([200, 422, 422, 422, 422]);
    // Dated in the past, before the latest sync, they gain no time either.
    const past = new Date(t().clock.now().getTime() - 3600_000).toISOString();
    expect((await sync(session, batch(1, { timestamp: past }))).statusCode).toBe(422);
    expect(await today(session)).toBe(530);
    // A second later, 4 more steps are plausible; ten seconds later, 40.
    t().clock.advance(1_000);
    expect((await sync(session, batch(5))).statusCode).toBe(422);
    expect((await sync(session, batch(4))).statusCode).toBe(200);
    t().clock.advance(10_000);
    expect((await sync(session, batch(40))).statusCode).toBe(200);
    expect(await rows(id)).toHaveLength(4);
  });

  it("lets a new member whose phone clock runs a few minutes behind sync at once", async () => {
    const now = t().clock.now();
    const { session } = await member({ createdAt: now });
    t().clock.advance(60_000);
    // The phone says 3 minutes earlier than the server: walked since sign-up all the same.
    const behind = (ms: number) => new Date(t().clock.now().getTime() - 180_000 + ms).toISOString();
    expect((await sync(session, batch(200, { timestamp: behind(0) }))).statusCode).toBe(200);
    t().clock.advance(30_000);
    expect((await sync(session, batch(90, { timestamp: behind(30_000) }))).statusCode).toBe(200);
    expect(await today(session)).toBe(290);
  });

  it("checks a batch against the window it declares, and refuses a window that ends before it starts", async () => {
    const { id, session } = await member();
    const now = t().clock.now();
    const started = (ms: number) => new Date(now.getTime() - ms).toISOString();
    // A day since the account was created, but the batch says it was walked in 10 s: at most 70.
    const burst = await sync(session, batch(71, { startedAt: started(10_000) }));
    expect(burst.statusCode).toBe(422);
    expect(burst.json().message).toBe(
      "These steps could not be counted: that is more than anyone can walk in the time these steps were counted (at most 70 steps). Nothing was added.",
    );
    expect(await rows(id)).toHaveLength(0);
    const refusals = await t().app.ctx.db.select().from(stepRefusals).where(eq(stepRefusals.userId, id));
    expect(refusals.map((r) => [r.steps, r.allowedSteps])).toEqual([[71, 70]]);
    expect((await sync(session, batch(70, { startedAt: started(10_000) }))).statusCode).toBe(200);

    const backwards = await sync(session, batch(10, { startedAt: started(-1000) }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([
      expect.objectContaining({ message: "startedAt must not be later than timestamp" }),
    ]);
    expect((await sync(session, batch(10, { startedAt: "soon" }))).statusCode).toBe(400);
    // Anonymous: 401 before any plausibility.
    expect((await sync(null, batch(71, { startedAt: started(10_000) }))).statusCode).toBe(401);
  });

  it("passes two hours of walking synced every 30 s, and a day's offline queue of batches", async () => {
    t().clock.set("2026-04-14T07:00:00Z");
    const now = t().clock.now();
    const { session } = await member({ createdAt: new Date(now.getTime() - 10_000) });
    // Brisk walking, 2.2 steps a second, from 10 s after sign-up: each sync holds its 30 s.
    let total = 0;
    for (let i = 0; i < 240; i++) {
      const startedAt = new Date(t().clock.now().getTime() + 500).toISOString();
      t().clock.advance(30_000);
      const res = await sync(session, batch(66, { startedAt }));
      expect(res.statusCode, res.body).toBe(200);
      total += 66;
    }
    expect(await today(session)).toBe(total);

    // Offline for a day, then the queue: batches of up to 1,000 steps or 5 minutes, oldest first,
    // each sent long after it was walked.
    const walkStart = t().clock.now().getTime() + 3600_000;
    t().clock.advance(24 * 3600_000);
    for (let i = 0; i < 12; i++) {
      const first = walkStart + i * 300_000;
      const last = first + 290_000;
      const res = await sync(
        session,
        batch(1000, { startedAt: new Date(first).toISOString(), timestamp: new Date(last).toISOString() }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("stores a batch that names its member only under that member's session (409 otherwise)", async () => {
    const a = await member();
    const b = await member();
    // B's first sync of the session, then one the process knows B's session from: both refused.
    for (let i = 0; i < 2; i++) {
      const res = await sync(b.session, batch(40, { userId: a.id }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: "STEPS_OF_ANOTHER_MEMBER",
        message:
          "These steps were counted for another member: they sync when that member signs in on this phone.",
      });
      expect((await sync(b.session, batch(10, { userId: b.id }))).statusCode).toBe(200);
    }
    expect(await rows(b.id)).toHaveLength(2);
    expect(await rows(a.id)).toHaveLength(0);
    const own = await sync(a.session, batch(40, { userId: a.id }));
    expect(own.json()).toEqual({ stepData: { totalSteps: 40 } });
    // Without a session the answer is 401 as before, not 409.
    expect((await sync(null, batch(40, { userId: a.id }))).statusCode).toBe(401);
    expect((await sync(a.session, batch(40, { userId: 0 }))).statusCode).toBe(400);
  });

  it("puts a timestamp from the future at the server's time", async () => {
    const { id, session } = await member();
    const now = t().clock.now();
    const future = new Date(now.getTime() + 3600_000).toISOString();
    expect((await sync(session, batch(30, { timestamp: future }))).statusCode).toBe(200);
    const [row] = await rows(id);
    expect(row.recordedAt.toISOString()).toBe(now.toISOString());
    // And the next sync's allowance is measured from there, not from the future.
    t().clock.advance(5_000);
    expect((await sync(session, batch(50))).statusCode).toBe(200);
  });

  it("needs a session (401) and an active subscription (403)", async () => {
    const anonymous = await sync(null, batch(10));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    for (const url of [
      "/api/steps/today",
      "/api/steps/history",
      "/api/leaderboard",
      "/api/dashboard/stats",
    ]) {
      expect((await t().app.inject({ url })).statusCode).toBe(401);
    }

    const { id, session } = await member({ subscribed: false });
    const res = await sync(session, batch(10));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "SUBSCRIPTION_REQUIRED", message: "Active subscription required" });
    expect(await rows(id)).toHaveLength(0);
  });

  it("answers 400 with details for bad input", async () => {
    const { id, session } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...batch(10), batchId: undefined }, "batchId"],
      [batch(10, { batchId: "not-a-uuid" }), "batchId"],
      [batch(0), "steps"],
      [batch(10_001), "steps"],
      [batch(1.5), "steps"],
      [batch(10, { timestamp: "yesterday" }), "timestamp"],
      [batch(10, { timestamp: undefined }), "timestamp"],
      [batch(10, { motionData: { deviceType: "toaster" } }), "motionData"],
      [batch(10, { deviceSignature: "x".repeat(513) }), "deviceSignature"],
    ];
    for (const [body, field] of cases) {
      const res = await sync(session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json();
      expect(answer.code).toBe("VALIDATION_ERROR");
      expect(
        answer.details.some((d: { path: string }) => d.path.includes(field)),
        res.body,
      ).toBe(true);
    }
    expect(await rows(id)).toHaveLength(0);
    expect(
      (await t().app.inject({ url: "/api/steps/history?days=5", headers: session.headers })).statusCode,
    ).toBe(400);
  });

  it("ends the day at local midnight in Tokyo and in Auckland", async () => {
    // Tokyo (+9): midnight of 16 January is 15:00 UTC on the 15th.
    t().clock.set("2026-01-15T14:59:00Z");
    const tokyo = await member({ timeZone: "Asia/Tokyo" });
    // Auckland (+13 in January): midnight of 16 January is 11:00 UTC on the 15th.
    const auckland = await member({ timeZone: "Pacific/Auckland" });
    expect((await sync(tokyo.session, batch(300))).json().stepData.totalSteps).toBe(300);
    // Same instant: already the 16th in Auckland since 11:00 UTC.
    expect((await sync(auckland.session, batch(400))).json().stepData.totalSteps).toBe(400);

    t().clock.set("2026-01-15T15:01:00Z");
    expect((await sync(tokyo.session, batch(200))).json().stepData.totalSteps).toBe(200);
    expect((await sync(auckland.session, batch(100))).json().stepData.totalSteps).toBe(500);
    expect(await today(tokyo.session)).toBe(200);

    const history = async (s: Session) =>
      (await t().app.inject({ url: "/api/steps/history?days=7", headers: s.headers })).json();
    expect((await history(tokyo.session)).slice(-2)).toEqual([
      { date: "2026-01-15", steps: 300 },
      { date: "2026-01-16", steps: 200 },
    ]);
    expect((await history(auckland.session)).slice(-2)).toEqual([
      { date: "2026-01-15", steps: 0 },
      { date: "2026-01-16", steps: 500 },
    ]);
  });

  it("ends New York's day at local midnight across both daylight-saving changes", async () => {
    // 8 March 2026, clocks go forward: the 8th has 23 hours and the 9th begins at 04:00 UTC.
    t().clock.set("2026-03-09T03:30:00Z");
    const ny = await member({ timeZone: "America/New_York" });
    expect((await sync(ny.session, batch(100))).json().stepData.totalSteps).toBe(100);
    t().clock.set("2026-03-09T04:30:00Z");
    expect((await sync(ny.session, batch(200))).json().stepData.totalSteps).toBe(200);
    const march = (
      await t().app.inject({ url: "/api/steps/history?days=7", headers: ny.session.headers })
    ).json();
    expect(march.slice(-2)).toEqual([
      { date: "2026-03-08", steps: 100 },
      { date: "2026-03-09", steps: 200 },
    ]);

    // 1 November 2026, clocks go back: the 1st has 25 hours and the 2nd begins at 05:00 UTC.
    // (A member of November: March's membership and session have long run out.)
    t().clock.set("2026-11-02T04:30:00Z");
    const fall = await member({ timeZone: "America/New_York" });
    expect((await sync(fall.session, batch(700))).json().stepData.totalSteps).toBe(700);
    t().clock.set("2026-11-02T05:30:00Z");
    expect((await sync(fall.session, batch(50))).json().stepData.totalSteps).toBe(50);
    const november = (
      await t().app.inject({ url: "/api/steps/history?days=7", headers: fall.session.headers })
    ).json();
    expect(november.slice(-2)).toEqual([
      { date: "2026-11-01", steps: 700 },
      { date: "2026-11-02", steps: 50 },
    ]);
  });

  it("counts batches stored directly (as the demo data stores them) in the day's total", async () => {
    const { id, session } = await member();
    const now = t().clock.now();
    await t()
      .app.ctx.db.insert(stepBatches)
      .values(
        [300, 200].map((steps) => ({
          userId: id,
          batchId: randomUUID(),
          steps,
          recordedAt: now,
          receivedAt: now,
          localDate: now.toISOString().slice(0, 10),
        })),
      );
    expect(await today(session)).toBe(500);
    expect((await sync(session, batch(25))).json()).toEqual({ stepData: { totalSteps: 525 } });
  });

  it("fills the history with zeros, one entry per local day, oldest first", async () => {
    t().clock.set("2026-03-03T12:00:00Z");
    const { session } = await member({ timeZone: "Europe/Berlin" });
    await sync(session, batch(1000));
    t().clock.set("2026-03-05T12:00:00Z");
    await sync(session, batch(2000));

    const week = (await t().app.inject({ url: "/api/steps/history", headers: session.headers })).json();
    expect(week).toEqual([
      { date: "2026-02-27", steps: 0 },
      { date: "2026-02-28", steps: 0 },
      { date: "2026-03-01", steps: 0 },
      { date: "2026-03-02", steps: 0 },
      { date: "2026-03-03", steps: 1000 },
      { date: "2026-03-04", steps: 0 },
      { date: "2026-03-05", steps: 2000 },
    ]);
    const month = (
      await t().app.inject({ url: "/api/steps/history?days=30", headers: session.headers })
    ).json();
    expect(month).toHaveLength(30);
    expect(month[0]).toEqual({ date: "2026-02-04", steps: 0 });
    expect(month.at(-1)).toEqual({ date: "2026-03-05", steps: 2000 });
    expect(month.reduce((sum: number, d: { steps: number }) => sum + d.steps, 0)).toBe(3000);
  });
});
