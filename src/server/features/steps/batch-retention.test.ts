import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { competitionDisputes, competitions, stepBatches, stepFlags } from "../../db/schema";
import { stepBatchRetention } from "../../jobs/scheduler";
import { useTestApp } from "../../test/test-app";
import { WEEKS_AHEAD, weekOf } from "./batch-retention";
import { DAY_MS, member, partitionOf, retain, syncer, weeks } from "./batch-retention-test-kit";
import { stepsOnDate } from "./steps.repo";

describe("step batches in weekly partitions", () => {
  const t = useTestApp();
  const sync = syncer(t);

  it("creates the weeks ahead, and a sync is stored in the week it is received", async () => {
    await retain(t);
    const now = t().clock.now();
    const names = await weeks(t);
    for (let i = 0; i <= WEEKS_AHEAD; i++)
      expect(names).toContain(partitionOf(new Date(now.getTime() + i * 7 * DAY_MS)));
    // Run again: nothing more to create.
    expect((await retain(t)).created).toEqual([]);

    const userId = await member(t);
    const { batchId, seen } = await sync(userId, 40);
    expect(seen).toBe(false);
    const [row] = await queryRows<{ partition: string }>(
      t().app.ctx.db,
      sql`select tableoid::regclass::text as partition from step_batches where batch_id = ${batchId}`,
    );
    expect(row.partition).toBe(partitionOf(now));
  });

  it("is run by the scheduler at most hourly, which creates the weeks ahead of its clock", async () => {
    // A Sunday, 23:30 UTC, five weeks on: the weeks to two ahead of it are created...
    const monday = new Date(`${weekOf(new Date(t().clock.now().getTime() + 5 * 7 * DAY_MS))}T00:00:00Z`);
    t().clock.set(new Date(monday.getTime() + 7 * DAY_MS - 30 * 60_000));
    await stepBatchRetention(t().app.ctx);
    const twoAhead = new Date(monday.getTime() + WEEKS_AHEAD * 7 * DAY_MS);
    expect(await weeks(t)).toContain(partitionOf(twoAhead));
    // ...and 45 minutes later, a Monday, the run of another tick within the hour does nothing.
    t().clock.advance(45 * 60_000);
    await stepBatchRetention(t().app.ctx);
    expect(await weeks(t)).not.toContain(partitionOf(new Date(twoAhead.getTime() + 7 * DAY_MS)));
    // An hour after the first run it runs again.
    t().clock.advance(30 * 60_000);
    await stepBatchRetention(t().app.ctx);
    expect(await weeks(t)).toContain(partitionOf(new Date(twoAhead.getTime() + 7 * DAY_MS)));
  });

  it("answers a retry from an earlier week as counted, without counting it again", async () => {
    const userId = await member(t);
    const first = await sync(userId, 50);
    const day = t().clock.now().toISOString().slice(0, 10);
    t().clock.advance(8 * DAY_MS);
    await retain(t);
    await sync(userId, 30);
    const retried = await sync(userId, 50, first.batchId, new Date(t().clock.now().getTime() - 8 * DAY_MS));
    expect(retried.seen).toBe(true);
    expect(await t().app.ctx.db.$count(stepBatches, eq(stepBatches.userId, userId))).toBe(2);
    expect(await stepsOnDate(t().app.ctx.db, userId, day)).toBe(50);
  });
});

// Issue 29: how many batches are kept depends on the day of the week the run ends on. Monday early
// (a week just begun, the day of clock slack holding one more week) keeps the most: 22, which a bound
// of 21 refused every Monday morning; late on a Sunday keeps the fewest.
describe.each([
  ["early on a Monday", "2026-11-30T04:59:30Z"],
  ["late on a Sunday", "2026-11-29T23:00:00Z"],
])("dropping weeks past the retention, starting %s", (_when, now) => {
  const t = useTestApp({}, {}, { now });
  const sync = syncer(t);

  it("drops each week whole once it is past the retention, keeps the day totals, and stays bounded", async () => {
    const userId = await member(t);
    const start = t().clock.now();
    const first = await sync(userId, 25);
    const firstDay = start.toISOString().slice(0, 10);
    let most = 0;
    for (let day = 1; day <= 56; day++) {
      t().clock.advance(DAY_MS);
      await sync(userId, 25);
      const report = await retain(t);
      const now = t().clock.now();
      // Never a week a retry may still need: every dropped week ended before the retention.
      for (const name of report.dropped) {
        const from = new Date(`${name.slice(14, 18)}-${name.slice(18, 20)}-${name.slice(20, 22)}T00:00:00Z`);
        expect(from.getTime() + 7 * DAY_MS).toBeLessThanOrEqual(now.getTime() - 14 * DAY_MS);
      }
      most = Math.max(most, (await weeks(t)).length);
    }
    // This week, the weeks ahead, and at most three behind (14 days of retention and a day of clock
    // slack, whole weeks).
    expect(most).toBeLessThanOrEqual(1 + WEEKS_AHEAD + 3);
    expect(await weeks(t)).not.toContain(partitionOf(start));
    // One batch a day: the 15 days every retry may need, and at most the 7 days before them of the
    // oldest week kept whole.
    const kept = await t().app.ctx.db.$count(stepBatches, eq(stepBatches.userId, userId));
    expect(kept).toBeGreaterThanOrEqual(15);
    expect(kept).toBeLessThanOrEqual(22);
    // The day totals stay for ever.
    expect(await stepsOnDate(t().app.ctx.db, userId, firstDay)).toBe(25);

    // The first batch's week is gone: its retry is answered as counted and adds nothing.
    const retried = await sync(userId, 25, first.batchId, start);
    expect(retried.seen).toBe(true);
    expect(await stepsOnDate(t().app.ctx.db, userId, firstDay)).toBe(25);
  });
});

describe("a week that cannot be dropped", () => {
  const t = useTestApp();
  const sync = syncer(t);

  it("is reported and kept, the other weeks are dropped, and it goes at the next run once it can", async () => {
    const userId = await member(t);
    const weeksSynced: string[] = [];
    const days: string[] = [];
    for (let week = 0; week < 3; week++) {
      await retain(t);
      await sync(userId, 25);
      weeksSynced.push(partitionOf(t().clock.now()));
      days.push(t().clock.now().toISOString().slice(0, 10));
      t().clock.advance(7 * DAY_MS);
    }
    // Something else depends on the oldest week (a view an operator left behind): it cannot go.
    const [stuck, ...others] = weeksSynced;
    await t().app.ctx.db.execute(
      sql`create view retention_blocker as select id from ${sql.identifier(stuck)}`,
    );
    t().clock.advance(5 * 7 * DAY_MS);

    const first = await retain(t);
    expect(first.failed.map((f) => f.name)).toEqual([stuck]);
    expect(first.dropped).toEqual(expect.arrayContaining(others));
    expect(await weeks(t)).toContain(stuck);
    for (const name of others) expect(await weeks(t)).not.toContain(name);

    await t().app.ctx.db.execute(sql`drop view retention_blocker`);
    const second = await retain(t);
    expect(second.failed).toEqual([]);
    expect(second.dropped).toContain(stuck);
    expect(await weeks(t)).not.toContain(stuck);
    // The raw batches are gone with their weeks; the day totals stay.
    expect(await t().app.ctx.db.$count(stepBatches, eq(stepBatches.userId, userId))).toBe(0);
    for (const day of days) expect(await stepsOnDate(t().app.ctx.db, userId, day)).toBe(25);
  });
});

describe("weeks still needed", () => {
  const t = useTestApp();
  const sync = syncer(t);

  async function competition(start: Date, days: number) {
    const createdBy = await member(t);
    const [row] = await t()
      .app.ctx.db.insert(competitions)
      .values({
        name: "Long walk",
        description: "Weeks of walking",
        startDate: start,
        endDate: new Date(start.getTime() + days * DAY_MS),
        inviteCode: randomUUID(),
        createdBy,
      })
      .returning({ id: competitions.id });
    return row.id;
  }

  it("keeps the weeks of an open competition's window, then of its dispute window, then drops them", async () => {
    const userId = await member(t);
    const start = t().clock.now();
    await retain(t);
    await sync(userId, 25);
    const id = await competition(new Date(start.getTime() - DAY_MS), 35);
    t().clock.advance(30 * DAY_MS);
    await sync(userId, 25);
    let report = await retain(t);
    expect(report.dropped).toEqual([]);
    expect(report.held).toContainEqual({ name: partitionOf(start), reason: `competition ${id}` });
    expect(await weeks(t)).toContain(partitionOf(start));

    // Ended and settled: kept through the 48 hours a participant may dispute the result.
    t().clock.advance(5 * DAY_MS);
    await t()
      .app.ctx.db.update(competitions)
      .set({ settledAt: t().clock.now() })
      .where(eq(competitions.id, id));
    expect((await retain(t)).dropped).toEqual([]);
    t().clock.advance(DAY_MS);
    const [dispute] = await t()
      .app.ctx.db.insert(competitionDisputes)
      .values({ competitionId: id, userId, reason: "Count my steps again", createdAt: t().clock.now() })
      .returning({ id: competitionDisputes.id });
    // An open dispute holds them past the 48 hours; once an admin has decided it, they go.
    t().clock.advance(3 * DAY_MS);
    expect((await retain(t)).dropped).toEqual([]);
    await t()
      .app.ctx.db.update(competitionDisputes)
      .set({ reviewedAt: t().clock.now() })
      .where(eq(competitionDisputes.id, dispute.id));
    report = await retain(t);
    expect(report.dropped).toContain(partitionOf(start));
    expect(await weeks(t)).not.toContain(partitionOf(start));
  });

  it("keeps the weeks of the refusals behind an open step flag until an admin decides it", async () => {
    const userId = await member(t);
    await retain(t);
    const flaggedAt = t().clock.now();
    await sync(userId, 25);
    await t().app.ctx.db.insert(stepFlags).values({ userId, flaggedAt, reason: "3 implausible step syncs" });
    t().clock.advance(40 * DAY_MS);
    await sync(userId, 25);
    const report = await retain(t);
    expect(report.held).toContainEqual({
      name: partitionOf(flaggedAt),
      reason: `open step flag of member ${userId}`,
    });
    await t()
      .app.ctx.db.update(stepFlags)
      .set({ reviewedAt: t().clock.now() })
      .where(eq(stepFlags.userId, userId));
    expect((await retain(t)).dropped).toContain(partitionOf(flaggedAt));
  });
});
