import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import {
  buildCompetition,
  buildUser,
  DEFAULT_PASSWORD,
  fundedMember,
  loginAs,
  type Session,
} from "../../test/factories";
import { useMoneyGameKit } from "../../test/money-game-kit";
import { expectBooksBalanced } from "../../test/test-app";

const HOUR = 3600_000;
const GRACE = 11 * 60_000;

/**
 * DESIGN 1, walking away: a deleted account leaves every competition and group at once, as leaving
 * would, drops out of standings and counts, and is never paid; the pool is split among the live
 * members as if it had not entered. Two app instances on one database, the scheduler settling.
 */
describe("an account deleted during a paid game", { timeout: 60_000 }, () => {
  const { first: t, second, app, call, fc, pool, tickBoth, walk } = useMoneyGameKit();
  const deleteAccount = (s: Session, on = app()) =>
    call("DELETE", "/api/user/account", s, { currentPassword: DEFAULT_PASSWORD }, on);
  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));

  /** A one-day competition an hour from now with a 10 FC entry fee, and `n` members in it. */
  async function competition(n: number) {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 10 }, HOUR, 1);
    const players = [];
    for (let i = 0; i < n; i++) {
      const p = await fundedMember(app(), 50);
      expect((await call("POST", `/api/competitions/${c.id}/join`, p.session)).statusCode).toBe(200);
      players.push(p);
    }
    const start = new Date(t().clock.now().getTime() + HOUR);
    return { a, c, players, start, end: new Date(start.getTime() + 24 * HOUR) };
  }

  it("pays the whole pool to the one who stayed when the leader deletes their account mid-game", async () => {
    const { c, players, start, end } = await competition(2);
    const [leader, other] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(leader.session, 9000)).statusCode).toBe(200);
    expect((await walk(other.session, 3000)).statusCode).toBe(200);
    expect((await deleteAccount(leader.session)).statusCode).toBe(200);

    // Out of the standings and the count at once, on either instance; the fee stays in the pool.
    const detail = (
      await call("GET", `/api/competitions/${c.id}`, other.session, undefined, second())
    ).json();
    expect(detail.participantCount).toBe(1);
    expect(detail.standings.entries.map((e: { userId: number }) => e.userId)).toEqual([other.user.id]);
    expect(await fc(leader.user.id)).toBe(4000);
    expect(await pool(`competition:${c.id}`)).toBe(2000);

    t().clock.set(new Date(end.getTime() + GRACE));
    await tickBoth();
    // The whole 20 FC, not the 40% of second place.
    expect(await fc(other.user.id)).toBe(4000 + 2000);
    expect(await fc(leader.user.id)).toBe(4000);
    expect(await pool(`competition:${c.id}`)).toBe(0);
    await expectBooksBalanced(app());
  });

  it("refunds a fee paid into a competition that has not started, as leaving would", async () => {
    const { c, players } = await competition(2);
    const [gone, stays] = players;
    expect((await deleteAccount(gone.session)).statusCode).toBe(200);
    expect(await fc(gone.user.id)).toBe(5000);
    const detail = (await call("GET", `/api/competitions/${c.id}`, stays.session)).json();
    expect(detail.participantCount).toBe(1);
    expect(await pool(`competition:${c.id}`)).toBe(1000);
    await expectBooksBalanced(app());
  });

  it("splits among the live members only, an admin's deletion included, as if the others had not entered", async () => {
    const { a, players, start, end, c } = await competition(4);
    t().clock.set(new Date(start.getTime() + HOUR));
    for (const [i, p] of players.entries())
      expect((await walk(p.session, 8000 - i * 1000)).statusCode).toBe(200);
    // First deletes their own account; an admin deletes third's.
    expect((await deleteAccount(players[0].session)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/users/${players[2].user.id}`, a)).statusCode).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    await tickBoth();
    // 40 FC between the two left: 60/40.
    expect(await fc(players[1].user.id)).toBe(4000 + 2400);
    expect(await fc(players[3].user.id)).toBe(4000 + 1600);
    expect(await fc(players[0].user.id)).toBe(4000);
    expect(await fc(players[2].user.id)).toBe(4000);
    const [row] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from competition_participants where competition_id = ${c.id}`,
    );
    expect(row.n).toBe(2);
    await expectBooksBalanced(app());
  });

  it("never pays an account an older release left entered, even before the job withdraws it", async () => {
    const { c, players, start, end } = await competition(2);
    const [gone, stays] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(gone.session, 9000)).statusCode).toBe(200);
    expect((await walk(stays.session, 100)).statusCode).toBe(200);
    // As an account deleted by an older release was: anonymised, still entered.
    await app().ctx.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
    // The settlement alone already leaves it out (the withdrawal job has not run yet).
    await app().ctx.db.execute(sql`delete from job_runs where name = 'deleted-member-withdrawal'`);
    await app().ctx.db.execute(
      sql`insert into job_runs (name, last_run_at) values ('deleted-member-withdrawal', ${new Date(end.getTime() + GRACE)})`,
    );
    t().clock.set(new Date(end.getTime() + GRACE));
    await tickBoth();
    expect(await fc(stays.user.id)).toBe(4000 + 2000);
    expect(await fc(gone.user.id)).toBe(4000);
    const places = await queryRows<{ user_id: number; final_position: number | null }>(
      app().ctx.db,
      sql`select user_id, final_position from competition_participants where competition_id = ${c.id} order by user_id`,
    );
    expect(places).toEqual([
      { user_id: gone.user.id, final_position: null },
      { user_id: stays.user.id, final_position: 1 },
    ]);
    await expectBooksBalanced(app());
  });

  it("has the hourly job withdraw an account an older release left entered", async () => {
    const { c, players } = await competition(2);
    const [gone, stays] = players;
    await app().ctx.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
    await app().ctx.db.execute(sql`delete from job_runs where name = 'deleted-member-withdrawal'`);
    await tickBoth();
    const detail = (await call("GET", `/api/competitions/${c.id}`, stays.session)).json();
    expect(detail.participantCount).toBe(1);
    // Before the start: its fee went back to it, as leaving would.
    expect(await fc(gone.user.id)).toBe(5000);
    await expectBooksBalanced(app());
  });

  describe("in a group", () => {
    async function group(n: number) {
      const owner = await fundedMember(app(), 50);
      const at = new Date(t().clock.now().getTime() + HOUR).toISOString();
      const created = await call("POST", "/api/groups", owner.session, {
        name: "Walkers",
        hasScheduledCompetition: true,
        competitionDuration: 1,
        competitionStartDate: at.slice(0, 10),
        competitionStartTime: at.slice(11, 16),
      });
      expect(created.statusCode, created.body).toBe(201);
      const g = created.json();
      const others = [];
      for (let i = 0; i < n - 1; i++) {
        const m = await fundedMember(app(), 50);
        expect((await call("POST", `/api/groups/join/${g.inviteCode}`, m.session)).statusCode).toBe(200);
        others.push(m);
      }
      return {
        owner,
        others,
        g,
        start: new Date(g.competitionStartDate),
        end: new Date(g.competitionEndDate),
      };
    }

    it("leaves the group and its round, hands on the admin role, and is never paid", async () => {
      const { owner, others, g, start, end } = await group(3);
      t().clock.set(new Date(start.getTime() + HOUR));
      expect((await walk(owner.session, 9000)).statusCode).toBe(200);
      expect((await walk(others[0].session, 3000)).statusCode).toBe(200);
      expect((await walk(others[1].session, 2000)).statusCode).toBe(200);
      // The only admin, and the leader, deletes their account mid-round.
      expect((await deleteAccount(owner.session, second())).statusCode).toBe(200);
      const detail = (await call("GET", `/api/groups/${g.id}`, others[0].session)).json();
      expect(detail.memberCount).toBe(2);
      expect(detail.members.map((m: { userId: number }) => m.userId)).not.toContain(owner.user.id);
      expect(detail.leaderboard.map((e: { userId: number }) => e.userId)).toEqual([
        others[0].user.id,
        others[1].user.id,
      ]);
      // The longest-standing member is the group's admin now.
      expect(detail.members.find((m: { userId: number }) => m.userId === others[0].user.id).role).toBe(
        "admin",
      );
      t().clock.set(new Date(end.getTime() + GRACE));
      await tickBoth();
      // 45 FC between the two walkers left: 60/40.
      expect(await fc(others[0].user.id)).toBe(3500 + 2700);
      expect(await fc(others[1].user.id)).toBe(3500 + 1800);
      expect(await fc(owner.user.id)).toBe(3500);
      await expectBooksBalanced(app());
    });

    it("deletes a group it was alone in, what the pool holds going back to whoever paid it", async () => {
      const { owner, g } = await group(1);
      expect(
        (await call("POST", `/api/groups/${g.id}/contribute`, owner.session, { amount: 5 })).statusCode,
      ).toBe(200);
      expect((await deleteAccount(owner.session)).statusCode).toBe(200);
      expect(await pool(`group:${g.id}`)).toBe(0);
      expect(await fc(owner.user.id)).toBe(5000);
      const [row] = await queryRows<{ deleted: boolean }>(
        app().ctx.db,
        sql`select deleted_at is not null as deleted from groups where id = ${g.id}`,
      );
      expect(row.deleted).toBe(true);
      await expectBooksBalanced(app());
    });
  });

  it("racing the settlement on two instances, pays nobody twice and never a member deleted first", async () => {
    const { players, start, end, c } = await competition(2);
    const [leader, other] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(leader.session, 9000)).statusCode).toBe(200);
    expect((await walk(other.session, 3000)).statusCode).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    const [deleted] = await Promise.all([deleteAccount(leader.session, second()), tickBoth()]);
    expect(deleted.statusCode).toBe(200);
    await tickBoth();
    const paid = (await fc(leader.user.id)) - 4000 + (await fc(other.user.id)) - 4000;
    // Whichever committed first, the 20 FC were paid exactly once: 60/40 to both, or all to the other.
    expect(paid).toBe(2000);
    expect([
      [1200, 800],
      [0, 2000],
    ]).toContainEqual([(await fc(leader.user.id)) - 4000, (await fc(other.user.id)) - 4000]);
    expect(await pool(`competition:${c.id}`)).toBe(0);
    await expectBooksBalanced(app());
  });
});
