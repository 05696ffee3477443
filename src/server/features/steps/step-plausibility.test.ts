import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stepRefusals } from "../../db/schema";
import { stepFlag } from "./steps.repo";
import { useStepsKit } from "./steps-test-kit";

describe("step sync: only what could have been walked", () => {
  const { t, member, sync, batch, today, rows } = useStepsKit();

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
    // Both batches on the member's today, whatever the hour the test runs at.
    const now = new Date(`${t().clock.now().toISOString().slice(0, 10)}T12:00:00Z`);
    t().clock.set(now);
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
});
