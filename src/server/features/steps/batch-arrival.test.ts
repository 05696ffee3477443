import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { BATCH_RETENTION_MS, weekOf } from "./batch-retention";
import { DAY_MS, partitionOf, retain, weeks } from "./batch-retention-test-kit";
import { stepsOnDate } from "./steps.repo";
import { useStepsKit } from "./steps-test-kit";

/** Step batches that arrive late: before their week exists, retried past the retention, or walked too long ago. */
describe("batches that arrive before their week exists (the servers were down for weeks)", () => {
  const { t, member, sync, batch, rows } = useStepsKit();

  it("are given their week by the next run, counted once, and found by a retry", async () => {
    // Three weeks on, nothing ran meanwhile: this week has no partition yet.
    t().clock.advance(21 * DAY_MS);
    const now = t().clock.now();
    expect(await weeks(t)).not.toContain(partitionOf(now));
    const { id, session } = await member({ createdAt: new Date(now.getTime() - 30 * DAY_MS) });
    const first = batch(40);
    expect((await sync(session, first)).statusCode).toBe(200);
    const where = async () =>
      (
        await queryRows<{ partition: string }>(
          t().app.ctx.db,
          sql`select tableoid::regclass::text as partition from step_batches where user_id = ${id}`,
        )
      ).map((r) => r.partition);
    expect(await where()).toEqual(["step_batches_default"]);
    const dayTotal = async () => (await stepsOnDate(t().app.ctx.db, id, now.toISOString().slice(0, 10))) ?? 0;
    expect(await dayTotal()).toBe(40);

    const report = await retain(t);
    expect(report.failed).toEqual([]);
    expect(report.created).toContain(partitionOf(now));
    expect(report.unplacedBatches).toBe(0);
    expect(await where()).toEqual([partitionOf(now)]);
    // Moved, not stored again: the day counts them once, and a retry is known.
    expect(await dayTotal()).toBe(40);
    expect((await sync(session, first)).statusCode).toBe(200);
    expect((await sync(session, batch(10))).statusCode).toBe(200);
    expect(await dayTotal()).toBe(50);
    expect(await rows(id)).toHaveLength(2);
    expect(await where()).toEqual([partitionOf(now), partitionOf(now)]);
  });

  it("leave a week that cannot be made reported and in place while the others get theirs, and get it at a later run", async () => {
    // Past every week made so far in this file's database.
    t().clock.advance(63 * DAY_MS);
    expect(await weeks(t)).not.toContain(partitionOf(t().clock.now()));
    const firstWeek = t().clock.now();
    const { id, session } = await member({ createdAt: new Date(firstWeek.getTime() - 30 * DAY_MS) });
    expect((await sync(session, batch(20))).statusCode).toBe(200);
    t().clock.advance(7 * DAY_MS);
    const secondWeek = t().clock.now();
    expect((await sync(session, batch(30))).statusCode).toBe(200);
    const db = t().app.ctx.db;
    const blocker = sql.identifier(partitionOf(firstWeek));
    // A table of the first week's name that is not a partition: that week cannot be made.
    await db.execute(sql`create table ${blocker} (x integer)`);

    const report = await retain(t);
    expect(report.failed.map((f) => f.name)).toEqual([`unplaced batches of week ${weekOf(firstWeek)}`]);
    expect(report.created).toContain(partitionOf(secondWeek));
    const where = async () =>
      (
        await queryRows<{ partition: string; steps: number }>(
          db,
          sql`select tableoid::regclass::text as partition, steps from step_batches where user_id = ${id} order by steps`,
        )
      ).map((r) => [r.partition, r.steps]);
    expect(await where()).toEqual([
      ["step_batches_default", 20],
      [partitionOf(secondWeek), 30],
    ]);

    await db.execute(sql`drop table ${blocker}`);
    const again = await retain(t);
    expect(again.failed).toEqual([]);
    expect(await where()).toEqual([
      [partitionOf(firstWeek), 20],
      [partitionOf(secondWeek), 30],
    ]);
    expect(await rows(id)).toHaveLength(2);
  });
});

describe("a retry past the retention, of a phone whose clock runs ahead", () => {
  const { t, member, sync, batch, rows } = useStepsKit();

  it("is answered as counted and counts nothing again, before and after its week is dropped", async () => {
    // Sunday 23:00 UTC: a phone two hours ahead syncs 50 steps (stored at the server's time).
    const monday = new Date(`${weekOf(new Date(t().clock.now().getTime() + 7 * DAY_MS))}T00:00:00Z`);
    const sent = new Date(monday.getTime() - 3600_000);
    t().clock.set(sent);
    const { id, session } = await member({ createdAt: new Date(monday.getTime() - 30 * DAY_MS) });
    await retain(t);
    const once = batch(50, { timestamp: new Date(monday.getTime() + 3600_000).toISOString() });
    expect((await sync(session, once)).statusCode).toBe(200);
    const counted = async () => {
      const [row] = await queryRows<{ steps: number }>(
        t().app.ctx.db,
        sql`select coalesce(sum(steps), 0)::int as steps from step_days where user_id = ${id}`,
      );
      return row.steps;
    };

    // Its answer was lost; the phone retries it when back online, its week just past the retention:
    // the retry carries a time less old than that (its clock is ahead), so the week must be kept.
    t().clock.set(new Date(monday.getTime() + 14 * DAY_MS + 30 * 60_000));
    expect((await retain(t)).dropped).not.toContain(partitionOf(sent));
    expect((await sync(session, once)).statusCode).toBe(200);
    expect(await counted()).toBe(50);

    // A day later the week goes, and a retry is old enough to be refused as too old: nothing is
    // counted again, and the phone drops it with the message.
    t().clock.advance(DAY_MS);
    expect((await retain(t)).dropped).toContain(partitionOf(sent));
    const late = await sync(session, once);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe("STEPS_TOO_OLD");
    expect(await rows(id)).toHaveLength(0);
    expect(await counted()).toBe(50);
  });
});

describe("a batch walked longer ago than raw batches are kept", () => {
  const { t, member, sync, batch, today, rows } = useStepsKit();

  it("is refused with a message the member reads, and counts nothing; one just inside the retention counts", async () => {
    const now = t().clock.now().getTime();
    const { id, session } = await member({ createdAt: new Date(now - 30 * DAY_MS) });
    const old = await sync(
      session,
      batch(30, { timestamp: new Date(now - BATCH_RETENTION_MS - 60_000).toISOString() }),
    );
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({
      code: "STEPS_TOO_OLD",
      message:
        "These steps were walked more than 14 days ago, too long ago to sync now. Any of those days' steps that synced before still count.",
    });
    expect(await rows(id)).toHaveLength(0);

    const inside = await sync(
      session,
      batch(30, { timestamp: new Date(now - BATCH_RETENTION_MS + 60_000).toISOString() }),
    );
    expect(inside.statusCode, inside.body).toBe(200);
    expect(await rows(id)).toHaveLength(1);
    expect(await today(session)).toBe(0);

    // Without a usable session it is the session's answer, as for every sync.
    expect(
      (await sync(null, batch(30, { timestamp: new Date(now - 20 * DAY_MS).toISOString() }))).statusCode,
    ).toBe(401);
  });

  it("is the same retention as the database's", async () => {
    const [row] = await queryRows<{ ms: number }>(
      t().app.ctx.db,
      sql`select (extract(epoch from step_batches_retention()) * 1000)::float8 as ms`,
    );
    expect(row.ms).toBe(BATCH_RETENTION_MS);
  });
});
