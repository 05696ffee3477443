import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shiftDate } from "../../../core/rules/points";
import { ledgerTransfers } from "../../db/schema";
import { buildUser, loginAs, syncSteps } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { pointsOf, runPointsJob, walkOn } from "./rewards-test-kit";

describe("points earned from steps", () => {
  const t = useTestApp();
  const today = () => t().clock.now().toISOString().slice(0, 10);

  async function member(timeZone = "UTC") {
    const user = await buildUser(t().app, { timeZone });
    return { user, session: await loginAs(t().app, user) };
  }

  const history = async (session: Awaited<ReturnType<typeof member>>["session"]) =>
    (await t().app.inject({ url: "/api/points/transactions", headers: session.headers })).json() as {
      type: string;
      amount: number;
      description: string;
      source: string;
    }[];

  it("pays 20 per 500 steps and the daily milestones once, from a real sync", async () => {
    const { session } = await member();
    t().clock.set(new Date(`${today()}T10:00:00Z`));
    expect((await syncSteps(t().app, session, 10_000)).statusCode).toBe(200);
    t().clock.advance(3600_000);
    expect((await syncSteps(t().app, session, 2_345)).statusCode).toBe(200);
    expect((await pointsOf(t().app, session)).availablePoints).toBe(0);
    await runPointsJob(t().app);
    // 24 blocks × 20 + 5k milestone 100 + 10k milestone 200.
    expect(await pointsOf(t().app, session)).toMatchObject({
      availablePoints: 780,
      lifetimeEarned: 780,
      lifetimeSpent: 0,
    });
    const rows = await history(session);
    expect(rows.map((r) => [r.type, r.amount, r.source])).toEqual([
      ["milestone", 200, "milestone"],
      ["milestone", 100, "milestone"],
      ["earned", 480, "steps"],
    ]);
    expect(rows[0].description).toBe(`Daily milestone: 10,000 steps on ${today()}`);
    // The job again, with nothing new: nothing paid twice.
    await runPointsJob(t().app);
    expect((await pointsOf(t().app, session)).availablePoints).toBe(780);
    // The wallet's history is dollars and FitCoins only.
    const wallet = await t().app.inject({ url: "/api/transactions", headers: session.headers });
    const types = (wallet.json() as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(["subscription"]);
  });

  it("pays only the difference as the day goes on", async () => {
    const { user, session } = await member();
    await walkOn(t().app, user.id, today(), 400);
    await runPointsJob(t().app);
    expect((await pointsOf(t().app, session)).availablePoints).toBe(0);
    await walkOn(t().app, user.id, today(), 700);
    await runPointsJob(t().app);
    expect((await pointsOf(t().app, session)).availablePoints).toBe(40);
    await walkOn(t().app, user.id, today(), 4_000);
    await runPointsJob(t().app);
    // 5,100 steps: 10 blocks (200) + the 5k milestone (100).
    expect((await pointsOf(t().app, session)).availablePoints).toBe(300);
    expect((await history(session)).map((r) => r.amount)).toEqual([100, 160, 40]);
  });

  it("late steps of an earlier day earn once, and complete the streak they belong to", async () => {
    const { user, session } = await member();
    const start = shiftDate(today(), -7);
    // Six days of 10,000, a seventh (yesterday) short, today 10,000.
    for (let i = 0; i < 6; i++) await walkOn(t().app, user.id, shiftDate(start, i), 10_000);
    const yesterday = shiftDate(today(), -1);
    await walkOn(t().app, user.id, yesterday, 6_000);
    await walkOn(t().app, user.id, today(), 10_000);
    await runPointsJob(t().app);
    const before = (await pointsOf(t().app, session)).availablePoints;
    // 7 days of 10k (700 each: 400 + 100 + 200) and yesterday's 6,000 (240 + 100): no streak yet.
    expect(before).toBe(7 * 700 + 340);
    expect((await pointsOf(t().app, session)).streaks[0]).toEqual({ steps: 10_000, days: 1 });

    // Yesterday's last 4,000 steps arrive this morning, from a phone that was offline.
    await walkOn(t().app, user.id, yesterday, 4_000);
    await Promise.all([runPointsJob(t().app), runPointsJob(t().app)]);
    await runPointsJob(t().app);
    const after = await pointsOf(t().app, session);
    // +160 for 8 blocks, +200 for the 10k milestone, +500: yesterday completes 7 days at 10k.
    // Today becomes day 8 of the run: no bonus at 8.
    expect(after.availablePoints - before).toBe(160 + 200 + 500);
    expect(after.streaks[0]).toEqual({ steps: 10_000, days: 8 });
    const bonuses = (await history(session)).filter((r) => r.type === "bonus");
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ amount: 500, source: "streak" });
    await expectBooksBalanced(t().app);
  });

  it("a streak that crosses a month end pays on its seventh day", async () => {
    const { user, session } = await member();
    for (let i = 0; i < 7; i++) await walkOn(t().app, user.id, shiftDate("2026-09-26", i), 31_000);
    await runPointsJob(t().app);
    const bonuses = (await history(session)).filter((r) => r.type === "bonus");
    expect(bonuses.map((b) => [b.amount, b.description])).toEqual([
      [1_000, "7-day streak at 30,000 steps (2026-10-02)"],
      [500, "7-day streak at 10,000 steps (2026-10-02)"],
    ]);
  });

  it("a long run keeps paying: the 7-day bonus again on day 37, the 14-day one on day 44", async () => {
    const { user } = await member();
    const start = "2026-06-01";
    for (let i = 0; i < 36; i++) await walkOn(t().app, user.id, shiftDate(start, i), 10_000);
    await runPointsJob(t().app);
    // Read from the ledger: the history lists the newest 100 movements only.
    const bonusesOf = async () =>
      (
        await t()
          .app.ctx.db.select({ amount: ledgerTransfers.amount, description: ledgerTransfers.description })
          .from(ledgerTransfers)
          .where(and(eq(ledgerTransfers.userId, user.id), eq(ledgerTransfers.kind, "bonus")))
          .orderBy(desc(ledgerTransfers.id))
      ).map((r) => [r.amount, r.description]);
    expect((await bonusesOf()).map(([a]) => a)).toEqual([1_200, 800, 500]); // days 30, 14, 7
    await walkOn(t().app, user.id, shiftDate(start, 36), 10_000);
    for (let i = 37; i < 44; i++) await walkOn(t().app, user.id, shiftDate(start, i), 10_000);
    await runPointsJob(t().app);
    expect((await bonusesOf()).slice(0, 2)).toEqual([
      [800, `14-day streak at 10,000 steps (${shiftDate(start, 43)})`],
      [500, `7-day streak at 10,000 steps (${shiftDate(start, 36)})`],
    ]);
  });

  it("days are the member's own: a sync late in the evening in Los Angeles counts for that day", async () => {
    t().clock.set(new Date("2026-11-24T06:30:00Z")); // 22:30 on Nov 23 in Los Angeles
    // A member by then (a sync counts only what could be walked since the account was created).
    const { session } = await member("America/Los_Angeles");
    expect((await syncSteps(t().app, session, 5_000)).statusCode).toBe(200);
    await runPointsJob(t().app);
    const rows = await history(session);
    expect(rows[0].description).toBe("Daily milestone: 5,000 steps on 2026-11-23");
  });

  it("answers 401 without a session", async () => {
    for (const url of ["/api/points/summary", "/api/points/transactions"]) {
      const res = await t().app.inject({ url });
      expect(res.statusCode).toBe(401);
    }
  });
});
