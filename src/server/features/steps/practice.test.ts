import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stepBatches, stepDays } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { buildCompetition, buildUser, DEVICE, loginAs, type Session, syncSteps } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

/**
 * Issue 21, item 4: Step Test taps are practice (DESIGN 1, Step Test). They go to
 * POST /api/steps/practice, which stores nothing, so they count for no day total, competition,
 * points, streak, badge or leaderboard.
 */
describe("step test practice taps", () => {
  const t = useTestApp();

  const tap = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    t().app.inject({
      method: "POST",
      url: "/api/steps/practice",
      headers,
      payload: { steps: 1, timestamp: t().clock.now().toISOString(), ...body },
    });

  const get = async (session: Session, url: string) =>
    (await t().app.inject({ url, headers: session.headers })).json();

  it("answers a member's taps and counts them nowhere, while a real sync beside them counts", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const competition = await buildCompetition(t().app, admin, { entryFee: null }, 60_000, 1);
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const joined = await t().app.inject({
      method: "POST",
      url: `/api/competitions/${competition.id}/join`,
      headers: session.headers,
      payload: {},
    });
    expect(joined.statusCode).toBe(200);
    t().clock.advance(120_000);
    await runJobsOnce(t().app.ctx);

    for (let i = 0; i < 5; i++) {
      const res = await tap(session.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ practice: true, steps: 1, syncedAt: t().clock.now().toISOString() });
      t().clock.advance(1_000);
    }
    expect(await t().app.ctx.db.select().from(stepBatches).where(eq(stepBatches.userId, user.id))).toEqual(
      [],
    );
    expect(await t().app.ctx.db.select().from(stepDays).where(eq(stepDays.userId, user.id))).toEqual([]);
    expect(await get(session, "/api/steps/today")).toEqual({ steps: 0 });
    expect((await get(session, "/api/leaderboard")).me).toEqual({ rank: 1, steps: 0 });
    const standings = await get(session, `/api/competitions/${competition.id}`);
    expect(standings.leaderboard.map((e: { steps: number }) => e.steps)).toEqual([0]);

    // The member's real walking, synced beside the taps, is what counts.
    expect((await syncSteps(t().app, session, 20)).statusCode).toBe(200);
    expect(await get(session, "/api/steps/today")).toEqual({ steps: 20 });
    const after = await get(session, `/api/competitions/${competition.id}`);
    expect(after.leaderboard.map((e: { steps: number }) => e.steps)).toEqual([20]);
  });

  it("answers a visitor's taps too (the step test is open to visitors), storing nothing", async () => {
    const before = (await t().app.ctx.db.select().from(stepBatches)).length;
    const res = await tap(DEVICE, { steps: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ practice: true, steps: 3 });
    expect(await t().app.ctx.db.select().from(stepBatches)).toHaveLength(before);
  });

  it("answers 400 with details for bad input", async () => {
    for (const [body, field] of [
      [{ steps: 0 }, "steps"],
      [{ steps: 1.5 }, "steps"],
      [{ steps: 10_001 }, "steps"],
      [{ timestamp: "now" }, "timestamp"],
    ] as const) {
      const res = await tap(DEVICE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
      expect(res.json().details.some((d: { path: string }) => d.path.includes(field))).toBe(true);
    }
  });
});
