import { describe, expect, it } from "vitest";
import { buildUser, fundedMember, loginAs } from "../../test/factories";
import { useMoneyGameKit } from "../../test/money-game-kit";
import { expectBooksBalanced } from "../../test/test-app";

const HOUR = 3600_000;
const GRACE = 11 * 60_000;

/**
 * DESIGN 1, walking away: from a round's start until it is paid, a group cannot be deleted, so an
 * admin who is losing cannot take the round back from its winners. Two app instances on one database
 * (real concurrency on PostgreSQL), the scheduler's tick doing the settling.
 */
describe("deleting a group while its round is under way", { timeout: 60_000 }, () => {
  const { first: t, second, app, call, fc, pool: poolOf, tickBoth, walk } = useMoneyGameKit();
  const pool = (id: number) => poolOf(`group:${id}`);

  /** An admin (the loser) and a walker who outwalks them, in a one-day round an hour from now, 15 FC each. */
  async function round() {
    const admin = await fundedMember(app(), 50, { timeZone: "America/New_York" });
    const at = new Date(t().clock.now().getTime() + HOUR).toISOString();
    const created = await call("POST", "/api/groups", admin.session, {
      name: "Losers Walk",
      hasScheduledCompetition: true,
      competitionDuration: 1,
      competitionStartDate: at.slice(0, 10),
      competitionStartTime: at.slice(11, 16),
    });
    expect(created.statusCode, created.body).toBe(201);
    const g = created.json();
    const walker = await fundedMember(app(), 50);
    expect((await call("POST", `/api/groups/join/${g.inviteCode}`, walker.session)).statusCode).toBe(200);
    const start = new Date(g.competitionStartDate);
    const end = new Date(g.competitionEndDate);
    return { admin, walker, g, start, end };
  }

  it("is refused from the round's start until it is paid; the round then pays its winners, and deleting refunds what is left", async () => {
    const { admin, walker, g, start, end } = await round();
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(walker.session, 5000)).statusCode).toBe(200);
    expect((await walk(admin.session, 1000)).statusCode).toBe(200);
    expect(await pool(g.id)).toBe(3000);

    // While the round runs, in its grace period, and whichever instance is asked.
    for (const [at, on] of [
      [start.getTime() + HOUR, app()],
      [end.getTime() + 60_000, second()],
    ] as const) {
      t().clock.set(new Date(at));
      const refused = await call("DELETE", `/api/groups/${g.id}`, admin.session, undefined, on);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "CONFLICT" });
      // Says why and when the round ends, in the admin's own time zone.
      expect(refused.json().message).toContain("can't be deleted until the round has finished");
      expect(refused.json().message).toMatch(/The round ends [A-Z][a-z]{2} \d{1,2}, \d{4}, .* E[SD]T;/);
    }
    expect(await pool(g.id)).toBe(3000);
    expect(await fc(admin.user.id)).toBe(3500);
    expect((await call("GET", `/api/groups/${g.id}`, walker.session)).statusCode).toBe(200);

    // The round settles as usual: 60/40 of 30 FC.
    t().clock.set(new Date(end.getTime() + GRACE));
    await tickBoth();
    expect(await fc(walker.user.id)).toBe(3500 + 1800);
    expect(await fc(admin.user.id)).toBe(3500 + 1200);

    // After it is paid the group can go; what came in since goes back.
    expect(
      (await call("POST", `/api/groups/${g.id}/contribute`, walker.session, { amount: 4 })).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/api/groups/${g.id}`, admin.session)).statusCode).toBe(200);
    expect(await fc(walker.user.id)).toBe(3500 + 1800);
    expect(await pool(g.id)).toBe(0);
    await expectBooksBalanced(app());
  });

  it("is refused to a site admin too, and while the payout is held for review", async () => {
    const { admin, walker, g, start, end } = await round();
    const site = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(walker.session, 5000)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${g.id}`, site)).statusCode).toBe(409);
    // The winner is banned: the payout waits for an admin's decision, and the group still cannot go.
    const ban = await call("POST", `/api/admin/users/${walker.user.id}/ban`, site, {
      reason: "Shaking the phone",
    });
    expect(ban.statusCode, ban.body).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    await tickBoth();
    expect((await call("GET", `/api/groups/${g.id}`, admin.session)).json().settlement).toBe("under_review");
    expect((await call("DELETE", `/api/groups/${g.id}`, admin.session)).statusCode).toBe(409);
    expect((await call("DELETE", `/api/groups/${g.id}`, site)).statusCode).toBe(409);
    expect(await pool(g.id)).toBe(3000);
    await expectBooksBalanced(app());
  });

  it("is allowed before the round starts, with everyone refunded", async () => {
    const { admin, walker, g } = await round();
    expect((await call("DELETE", `/api/groups/${g.id}`, admin.session)).statusCode).toBe(200);
    expect(await fc(admin.user.id)).toBe(5000);
    expect(await fc(walker.user.id)).toBe(5000);
    expect(await pool(g.id)).toBe(0);
    // The scheduler never settles the cancelled round later.
    t().clock.set(new Date(t().clock.now().getTime() + 3 * 24 * HOUR));
    await tickBoth();
    expect(await fc(walker.user.id)).toBe(5000);
    await expectBooksBalanced(app());
  });

  it("racing the settlement on two instances, pays the winners once and refunds nothing of the round", async () => {
    const { admin, walker, g, start, end } = await round();
    t().clock.set(new Date(start.getTime() + HOUR));
    expect((await walk(walker.session, 5000)).statusCode).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    // Deletions from both instances while both tick: a deletion goes through only once the round is paid.
    const [deletions] = await Promise.all([
      Promise.all([
        call("DELETE", `/api/groups/${g.id}`, admin.session),
        call("DELETE", `/api/groups/${g.id}`, admin.session, undefined, second()),
      ]),
      tickBoth(),
    ]);
    for (const d of deletions) expect([200, 404, 409]).toContain(d.statusCode);
    await tickBoth();
    // Only the walker walked: the whole pool is theirs, whether the group is gone by now or not.
    expect(await fc(walker.user.id)).toBe(3500 + 3000);
    expect(await fc(admin.user.id)).toBe(3500);
    expect(await pool(g.id)).toBe(0);
    await expectBooksBalanced(app());
  });

  it("members leaving in the grace period while both instances settle: every leave answers, the round pays once", async () => {
    const { admin, walker, g, start, end } = await round();
    const others = [];
    for (let i = 0; i < 4; i++) {
      const m = await fundedMember(app(), 50);
      expect((await call("POST", `/api/groups/join/${g.inviteCode}`, m.session)).statusCode).toBe(200);
      others.push(m);
    }
    t().clock.set(new Date(start.getTime() + HOUR));
    for (const [i, m] of [walker, admin, ...others].entries()) {
      expect((await walk(m.session, 6000 - i * 1000)).statusCode).toBe(200);
    }
    t().clock.set(new Date(end.getTime() + GRACE));
    // Leaves take the round's row before its standings, as settlement does: no cycle, no 500.
    const [leaves] = await Promise.all([
      Promise.all(
        others.map((m, i) =>
          call("DELETE", `/api/groups/${g.id}/leave`, m.session, undefined, i % 2 ? second() : app()),
        ),
      ),
      tickBoth(),
    ]);
    for (const l of leaves) expect(l.statusCode, l.body).toBe(200);
    await tickBoth();
    // The pool (6 x 15 FC) went out once, and only to who was still in when it was paid.
    expect(await pool(g.id)).toBe(0);
    expect(await fc(walker.user.id)).toBeGreaterThan(3500);
    await expectBooksBalanced(app());
  });
});
