import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stepBatches } from "../../db/schema";
import type { Session } from "../../test/factories";
import { useStepsKit } from "./steps-test-kit";

describe("step sync", () => {
  const { t, member, sync, batch, today, rows } = useStepsKit();

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
