import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { runJobsOnce } from "../../jobs/scheduler";
import { poolBalance, userBalances } from "../../ledger/accounts";
import { buildCompetition, buildUser, fundedMember, loginAs, type Session } from "../../test/factories";
import { callAs, expectBooksBalanced, type TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";

const HOUR = 3600_000;

/** Group money end to end, on two app instances sharing one database (real concurrency on PostgreSQL). */
describe("group money", { timeout: 60_000 }, () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });
  const app = () => first.app;
  const either = (i: number) => (i % 2 === 0 ? first.app : second);

  const member = (fitcoins: number) => fundedMember(app(), fitcoins);
  const call = (
    target: App,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    s: Session,
    payload?: object,
  ) => callAs(target, s, method, url, payload);
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const startIn = (ms: number) => {
    const at = new Date(first.clock.now().getTime() + ms).toISOString();
    return { competitionStartDate: at.slice(0, 10), competitionStartTime: at.slice(11, 16) };
  };
  const walk = (s: Session, steps: number) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: first.clock.now().toISOString(), batchId: randomUUID() },
    });
  it("keeps the pool exact when 30 members contribute at once", async () => {
    const owner = await member(20);
    const g = (
      await call(app(), "POST", "/api/groups", owner.session, { name: "Crowd", poolEntryPrice: null })
    ).json();
    const crowd = await Promise.all(Array.from({ length: 30 }, () => member(40)));
    for (const m of crowd)
      expect((await call(app(), "POST", `/api/groups/join/${g.inviteCode}`, m.session)).statusCode).toBe(200);
    const answers = await Promise.all(
      crowd.map((m, i) =>
        call(either(i), "POST", `/api/groups/${g.id}/contribute`, m.session, { amount: 7.25 }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // Entry 15 each (31 members) plus 30 contributions of 7.25.
    expect(await poolBalance(app().ctx.db, `group:${g.id}`)).toBe(31 * 1500 + 30 * 725);
    for (const m of crowd) expect(await fc(m.user.id)).toBe(4000 - 1500 - 725);
    const [count] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from group_contributions where group_id = ${g.id} and kind = 'contribution'`,
    );
    expect(count.n).toBe(30);
    await expectBooksBalanced(app());
  });

  it("pays the group leaderboard's top three from the pool once, whichever instance settles", async () => {
    const owner = await member(20);
    const g = (
      await call(app(), "POST", "/api/groups", owner.session, {
        name: "Sprinters",
        hasScheduledCompetition: true,
        competitionDuration: 1,
        ...startIn(2 * HOUR),
      })
    ).json();
    const others = [await member(20), await member(20), await member(20)];
    for (const m of others) await call(app(), "POST", `/api/groups/join/${g.inviteCode}`, m.session);
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, others[0].session, { amount: 5 });
    first.clock.set(new Date(new Date(g.competitionStartDate).getTime() + HOUR));
    const steps = [4000, 3000, 2000, 1000];
    const everyone = [owner, ...others];
    for (const [i, m] of everyone.entries()) expect((await walk(m.session, steps[i])).statusCode).toBe(200);
    const board = (await call(app(), "GET", `/api/groups/${g.id}/leaderboard`, owner.session)).json();
    expect(board.map((e: { steps: number; position: number }) => [e.steps, e.position])).toEqual([
      [4000, 1],
      [3000, 2],
      [2000, 3],
      [1000, 4],
    ]);
    first.clock.set(new Date(new Date(g.competitionEndDate).getTime() + 11 * 60_000));
    await Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx), runJobsOnce(first.app.ctx)]);
    // Pool 4 x 15 + 5 = 65 FC: 32.50 / 19.50 / 13.00.
    expect(await fc(owner.user.id)).toBe(500 + 3250);
    expect(await fc(others[0].user.id)).toBe(0 + 1950);
    expect(await fc(others[1].user.id)).toBe(500 + 1300);
    expect(await fc(others[2].user.id)).toBe(500);
    expect(await poolBalance(app().ctx.db, `group:${g.id}`)).toBe(0);
    const detail = (await call(app(), "GET", `/api/groups/${g.id}`, owner.session)).json();
    expect(detail).toMatchObject({
      competitionStatus: "completed",
      settlement: "settled",
      poolBalance: "0.00",
    });
    // A later contribution, then deletion: only what came in after the payout goes back.
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, others[2].session, { amount: 2 });
    expect((await call(app(), "DELETE", `/api/groups/${g.id}`, owner.session)).statusCode).toBe(200);
    expect(await fc(others[2].user.id)).toBe(500);
    await expectBooksBalanced(app());
  });

  it("refunds what everyone paid in when nobody in the group walked", async () => {
    const owner = await member(20);
    const g = (
      await call(app(), "POST", "/api/groups", owner.session, {
        name: "Sleepers",
        hasScheduledCompetition: true,
        competitionDuration: 1,
        ...startIn(HOUR),
      })
    ).json();
    const other = await member(20);
    await call(app(), "POST", `/api/groups/join/${g.inviteCode}`, other.session);
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, other.session, { amount: 3 });
    first.clock.set(new Date(new Date(g.competitionEndDate).getTime() + 11 * 60_000));
    await runJobsOnce(second.ctx);
    expect(await fc(owner.user.id)).toBe(2000);
    expect(await fc(other.user.id)).toBe(2000);
    expect((await call(app(), "GET", `/api/groups/${g.id}`, owner.session)).json().settlement).toBe(
      "refunded",
    );
    await expectBooksBalanced(app());
  });

  /** Both processes tick, as two servers would. */
  const tickBoth = () => Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx)]);
  const at = (ms: number) => new Date(first.clock.now().getTime() + ms).toISOString();

  /** Schedules the group's next round through Edit Group, as its admin does. */
  async function scheduleRound(owner: Session, g: { id: number; name: string }) {
    const res = await call(app(), "PUT", `/api/groups/${g.id}`, owner, {
      name: g.name,
      description: "",
      poolGoal: null,
      poolEntryPrice: "15.00",
      competitionStartDate: at(HOUR),
      competitionEndDate: at(HOUR + 24 * HOUR),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /** Walks through the round: `steps` for each member inside it, then past its end and grace. */
  async function playRound(
    detail: { competitionStartDate: string; competitionEndDate: string },
    who: [Session, number][],
  ) {
    first.clock.set(new Date(new Date(detail.competitionStartDate).getTime() + HOUR));
    for (const [s, steps] of who) expect((await walk(s, steps)).statusCode).toBe(200);
    first.clock.set(new Date(new Date(detail.competitionEndDate).getTime() + 11 * 60_000));
  }

  // DESIGN 1, group money: a group pays round after round from its one pool, each round under keys
  // of its own competition (a pool's keys would take a repeated win for a retry, or answer 409).
  it("pays every round its own winners, the same amount again included, and keeps other competitions settling", async () => {
    const owner = await fundedMember(app(), 200);
    const others = [await fundedMember(app(), 200), await fundedMember(app(), 200)];
    const created = await call(app(), "POST", "/api/groups", owner.session, {
      name: "Every Week",
      hasScheduledCompetition: true,
      competitionDuration: 1,
      entryDeadlineHours: 1,
      competitionStartDate: at(2 * HOUR).slice(0, 10),
      competitionStartTime: at(2 * HOUR).slice(11, 16),
    });
    const g = created.json();
    for (const m of others)
      expect((await call(app(), "POST", `/api/groups/join/${g.inviteCode}`, m.session)).statusCode).toBe(200);

    // Round 1: only the owner walks, and takes the whole pool of 3 x 15 FC.
    await playRound(g, [[owner.session, 3000]]);
    await tickBoth();
    expect(await fc(owner.user.id)).toBe(20000 - 1500 + 4500);
    expect(await poolBalance(app().ctx.db, `group:${g.id}`)).toBe(0);

    // Between rounds the group stays, its invite link admits a new member, and its admin schedules again.
    const late = await fundedMember(app(), 200);
    const joined = await call(app(), "POST", `/api/groups/join/${g.inviteCode}`, late.session);
    expect(joined.statusCode, joined.body).toBe(200);
    const round2 = await scheduleRound(owner.session, g);
    // The next round keeps the group's entry cutoff.
    expect(round2).toMatchObject({
      competitionStatus: "scheduled",
      settlement: "open",
      entryDeadlineHours: 1,
    });
    // 15 (the late entry) + 20 + 10 = 45 FC, and the owner alone walks: the same win as before.
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, others[0].session, { amount: 20 });
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, others[1].session, { amount: 10 });
    await playRound(round2, [[owner.session, 5000]]);
    await tickBoth();
    expect(await fc(owner.user.id)).toBe(20000 - 1500 + 4500 + 4500);

    // Round 3, with another amount (60/40 of 12.50 FC), ends just before an ordinary competition:
    // both settle on the same tick.
    const round3 = await scheduleRound(owner.session, g);
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const race = await buildCompetition(app(), admin, { entryFee: 5 }, 2 * HOUR, 1);
    const racer = await fundedMember(app(), 20);
    expect(
      (await call(app(), "POST", `/api/competitions/${race.id}/join`, racer.session, {})).statusCode,
    ).toBe(200);
    await call(app(), "POST", `/api/groups/${g.id}/contribute`, others[1].session, { amount: 12.5 });
    await playRound(round3, [
      [owner.session, 4000],
      [late.session, 100],
      [racer.session, 700],
    ]);
    first.clock.advance(2 * HOUR);
    await tickBoth();
    expect(await fc(owner.user.id)).toBe(20000 - 1500 + 4500 + 4500 + 750);
    expect(await fc(late.user.id)).toBe(20000 - 1500 + 500);
    expect(await poolBalance(app().ctx.db, `group:${g.id}`)).toBe(0);
    expect(await fc(racer.user.id)).toBe(2000);

    // The group page lists the past rounds, newest first, with their winners and prizes.
    const rounds = (await call(app(), "GET", `/api/groups/${g.id}/rounds`, late.session)).json();
    expect(rounds.map((r: { settlement: string }) => r.settlement)).toEqual([
      "settled",
      "settled",
      "settled",
    ]);
    expect(rounds[0].results).toEqual([
      expect.objectContaining({ userId: owner.user.id, position: 1, steps: 4000, prize: 7.5 }),
      expect.objectContaining({ userId: late.user.id, position: 2, steps: 100, prize: 5 }),
    ]);
    expect(rounds[1]).toMatchObject({ participantCount: 4, paidOut: 45 });
    expect(rounds[1].results.map((r: { prize: number }) => r.prize)).toEqual([45]);
    expect(rounds[2]).toMatchObject({ participantCount: 3, paidOut: 45 });
    // Each round's prize names its own competition: three wins, not one (achievements count them).
    const [wins] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(distinct reference)::int as n from ledger_transfers
        where user_id = ${owner.user.id} and kind = 'prize'`,
    );
    expect(wins.n).toBe(3);
    await expectBooksBalanced(app());
  });
});
