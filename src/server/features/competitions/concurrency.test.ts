import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { runJobsOnce } from "../../jobs/scheduler";
import { poolBalance, userBalances } from "../../ledger/accounts";
import { buildCompetition, buildUser, fundedMember, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, type TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";

const HOUR = 3600_000;

/**
 * Money under contention (DESIGN 2.3, 2.5): on PostgreSQL the requests below really run at once,
 * through two app instances with their own connection pools (PGlite has one connection and
 * serialises them, so there the same assertions check the logic only).
 */
describe("competition money under concurrency", { timeout: 60_000 }, () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });

  const app = () => first.app;
  const either = (i: number) => (i % 2 === 0 ? first.app : second);
  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  async function members(n: number, fitcoins: number) {
    return Promise.all(Array.from({ length: n }, () => fundedMember(app(), fitcoins)));
  }
  const join = (target: App, id: number, s: Session) =>
    target.inject({ method: "POST", url: `/api/competitions/${id}/join`, headers: s.headers, payload: {} });
  const leave = (target: App, id: number, s: Session) =>
    target.inject({ method: "DELETE", url: `/api/competitions/${id}/leave`, headers: s.headers });

  async function books(id: number) {
    const [row] = await queryRows<{ rows: number; count: number; fees: string }>(
      app().ctx.db,
      sql`select (select count(*)::int from competition_participants where competition_id = ${id}) as rows,
        (select participant_count from competitions where id = ${id}) as count,
        (select coalesce(sum(fee_paid), 0)::text from competition_participants where competition_id = ${id}) as fees`,
    );
    return {
      rows: row.rows,
      count: row.count,
      fees: Number(row.fees),
      pool: await poolBalance(app().ctx.db, `competition:${id}`),
    };
  }

  it("lets exactly 10 of 50 simultaneous joiners into a competition of 10, charging exactly 10 fees", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 12.5, maxParticipants: 10 });
    const crowd = await members(50, 20);
    const answers = await Promise.all(crowd.map((m, i) => join(either(i), c.id, m.session)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(10);
    expect(codes.filter((s) => s === 409)).toHaveLength(40);
    expect(await books(c.id)).toEqual({ rows: 10, count: 10, fees: 12500, pool: 12500 });
    let charged = 0;
    for (const m of crowd) {
      const { fc } = await userBalances(app().ctx.db, m.user.id);
      if (fc === 750) charged++;
      else expect(fc).toBe(2000);
    }
    expect(charged).toBe(10);
    await expectBooksBalanced(app());
  });

  it("keeps the books when joins race leaves for the same places", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 5, maxParticipants: 8 });
    const inside = await members(8, 5);
    for (const m of inside) expect((await join(app(), c.id, m.session)).statusCode).toBe(200);
    const outside = await members(8, 5);
    // Each member also races themselves: a leave and a re-join at once.
    await Promise.all([
      ...inside.map((m, i) => leave(either(i), c.id, m.session)),
      ...outside.map((m, i) => join(either(i + 1), c.id, m.session)),
      ...inside.slice(0, 4).map((m, i) => join(either(i), c.id, m.session)),
    ]);
    const after = await books(c.id);
    expect(after.rows).toBe(after.count);
    expect(after.rows).toBeLessThanOrEqual(8);
    expect(after.pool).toBe(after.fees);
    expect(after.pool).toBe(after.rows * 500);
    for (const m of [...inside, ...outside]) {
      const { fc } = await userBalances(app().ctx.db, m.user.id);
      expect([0, 500]).toContain(fc);
    }
    await expectBooksBalanced(app());
  });

  it("refunds everyone who got in when a delete races the joins", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 10 });
    const crowd = await members(20, 10);
    const deletion = second.inject({
      method: "DELETE",
      url: `/api/admin/competitions/${c.id}`,
      headers: a.headers,
    });
    const answers = await Promise.all([...crowd.map((m, i) => join(either(i), c.id, m.session)), deletion]);
    expect(answers.at(-1)?.statusCode).toBe(200);
    for (const r of answers.slice(0, -1)) expect([200, 404]).toContain(r.statusCode);
    for (const m of crowd) expect((await userBalances(app().ctx.db, m.user.id)).fc).toBe(1000);
    expect(await poolBalance(app().ctx.db, `competition:${c.id}`)).toBe(0);
    await expectBooksBalanced(app());
  });

  it("settles once when two app instances run the settlement job at the same moment", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 10 }, HOUR, 1 / 24);
    const players = await members(3, 10);
    for (const p of players) expect((await join(app(), c.id, p.session)).statusCode).toBe(200);
    first.clock.advance(HOUR + 30 * 60_000);
    for (const [i, p] of players.entries()) {
      const res = await app().inject({
        method: "POST",
        url: "/api/steps",
        headers: p.session.headers,
        payload: {
          steps: 1000 * (i + 1),
          timestamp: first.clock.now().toISOString(),
          batchId: crypto.randomUUID(),
        },
      });
      expect(res.statusCode).toBe(200);
    }
    first.clock.advance(HOUR);
    await Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx), runJobsOnce(first.app.ctx)]);
    const fcs = await Promise.all(players.map(async (p) => (await userBalances(app().ctx.db, p.user.id)).fc));
    expect(fcs).toEqual([600, 900, 1500]);
    const [prizes] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from ledger_transfers where kind = 'prize' and reference = ${`competition:${c.id}`}`,
    );
    expect(prizes.n).toBe(3);
    await expectBooksBalanced(app());
  });

  it("counts steps walked before a late join once, and a sync racing the join once", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: null, entryDeadlineHours: -1 }, HOUR, 1);
    const [m] = await members(1, 0);
    const walk = (target: App, steps: number) =>
      target.inject({
        method: "POST",
        url: "/api/steps",
        headers: m.session.headers,
        payload: { steps, timestamp: first.clock.now().toISOString(), batchId: crypto.randomUUID() },
      });
    first.clock.advance(2 * HOUR);
    expect((await walk(app(), 700)).statusCode).toBe(200);
    first.clock.advance(10 * 60_000);
    const [joined, synced] = await Promise.all([join(app(), c.id, m.session), walk(second, 300)]);
    expect([joined.statusCode, synced.statusCode]).toEqual([200, 200]);
    const view = await app().inject({ url: `/api/competitions/${c.id}`, headers: m.session.headers });
    expect(view.json().userRank).toEqual({ position: 1, steps: 1000 });
  });
});
