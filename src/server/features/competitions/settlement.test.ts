import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, stepFlags } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { userBalances } from "../../ledger/accounts";
import { userHistory } from "../../ledger/history";
import { hasOtherConnections, inAnotherTransaction } from "../../test/another-transaction";
import {
  buildCompetition,
  buildUser,
  DEVICE,
  grantFitcoins,
  loginAs,
  type Session,
} from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { settleCompetition } from "./settlement.service";

const HOUR = 3600_000;
const GRACE = 600_000;

describe("competition settlement", () => {
  const t = useTestApp();
  const app = () => t().app;

  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  async function player(fitcoins = 10) {
    const user = await buildUser(app(), { firstName: `P${Math.random().toString(36).slice(2, 6)}` });
    await grantFitcoins(app(), user.id, fitcoins * 100);
    const session = await loginAs(app(), user);
    return { user, session };
  }
  const join = (id: number, s: Session) =>
    app().inject({ method: "POST", url: `/api/competitions/${id}/join`, headers: s.headers, payload: {} });
  /** A sync of `steps` walked at `at` (the phone's timestamp), received at the app's clock. */
  const walk = (s: Session, steps: number, at = app().ctx.clock.now()) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: at.toISOString(), batchId: randomUUID() },
    });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const competition = async (id: number, s: Session) =>
    (await app().inject({ url: `/api/competitions/${id}`, headers: s.headers })).json();

  /** A 2-hour competition starting in an hour with `n` players who joined; the clock then at its start. */
  async function running(n: number, fee: number | null = 10) {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: fee }, HOUR, 2 / 24);
    const players = [];
    for (let i = 0; i < n; i++) {
      const p = await player();
      expect((await join(c.id, p.session)).statusCode).toBe(200);
      players.push(p);
    }
    const start = new Date(app().ctx.clock.now().getTime() + HOUR);
    return { a, c, players, start, end: new Date(start.getTime() + 2 * HOUR) };
  }

  it("counts only steps walked inside the window, late syncs of the window included, and pays 50/30/20", async () => {
    const { c, players, start, end } = await running(4);
    const [p1, p2, p3, p4] = players;
    // Before the start: not counted.
    expect((await walk(p1.session, 5000)).statusCode).toBe(200);
    t().clock.set(new Date(start.getTime() + 30 * 60_000));
    await walk(p1.session, 3000);
    await walk(p2.session, 2000);
    await walk(p3.session, 1000);
    t().clock.advance(30 * 60_000);
    await walk(p4.session, 500);
    expect((await competition(c.id, p1.session)).leaderboard.map((e: { steps: number }) => e.steps)).toEqual([
      3000, 2000, 1000, 500,
    ]);
    // After the end, inside the grace period: a batch walked before the end counts, one walked after does not.
    t().clock.set(new Date(end.getTime() + 2 * 60_000));
    expect((await walk(p4.session, 2500, new Date(end.getTime() - 10 * 60_000))).statusCode).toBe(200);
    t().clock.advance(60_000);
    expect((await walk(p3.session, 9000)).statusCode).toBe(200);
    expect(await settleCompetition(app().ctx, c.id)).toBe("skipped"); // grace period still running
    expect((await competition(c.id, p1.session)).settlement).toBe("pending");

    t().clock.set(new Date(end.getTime() + GRACE));
    await runJobsOnce(app().ctx);
    await runJobsOnce(app().ctx); // a second tick pays nobody again
    // Pool 40 FC: p1 20, p4 (3000 steps, tie with p1!) ... p1 3000 and p4 3000 tie for first.
    // Places 1 and 2 (50% + 30% of 40 = 32) are shared: 16 each; p2 third: 8.
    expect(await fc(p1.user.id)).toBe(1600);
    expect(await fc(p4.user.id)).toBe(1600);
    expect(await fc(p2.user.id)).toBe(800);
    expect(await fc(p3.user.id)).toBe(0);
    const view = await competition(c.id, p1.session);
    expect(view).toMatchObject({ status: "completed", settlement: "settled", prizePool: 0 });
    expect(view.results).toEqual([
      expect.objectContaining({ userId: p1.user.id, position: 1, prize: 16 }),
      expect.objectContaining({ userId: p4.user.id, position: 1, prize: 16 }),
      expect.objectContaining({ userId: p2.user.id, position: 3, prize: 8 }),
    ]);
    const history = await userHistory(app().ctx.db, p2.user.id, 5);
    expect(history[0]).toMatchObject({ type: "prize", amount: "+8.00", currency: "FC" });
    const mail = await app()
      .ctx.db.select()
      .from(emails)
      .where(eq(emails.toAddress, p2.user.email))
      .orderBy(desc(emails.id));
    expect(mail[0]?.subject).toBe("You won 8.00 FitCoins in Weekly Walk!");
    // A completed competition stays on the participant's list for a week, with its results.
    const list = (await app().inject({ url: "/api/competitions", headers: p2.session.headers })).json();
    expect(list.find((x: { id: number }) => x.id === c.id)).toMatchObject({ settlement: "settled" });
  });

  it("refunds every fee when nobody walked, and a free competition simply ends", async () => {
    const { c, players, end } = await running(3);
    const free = await running(2, null);
    t().clock.set(new Date(end.getTime() + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("refunded");
    for (const p of players) expect(await fc(p.user.id)).toBe(1000);
    expect(await settleCompetition(app().ctx, c.id)).toBe("skipped");
    expect(await settleCompetition(app().ctx, free.c.id)).toBe("refunded");
    expect((await competition(c.id, players[0].session)).settlement).toBe("refunded");
  });

  it("holds the payout while a would-be winner is flagged, until an admin clears them", async () => {
    const { a, c, players, start, end } = await running(2);
    const [cheat, honest] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    await walk(cheat.session, 4000);
    await walk(honest.session, 3000);
    await app().ctx.db.insert(stepFlags).values({
      userId: cheat.user.id,
      flaggedAt: app().ctx.clock.now(),
      reason: "3 implausible step syncs",
    });
    t().clock.set(new Date(end.getTime() + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("held");
    expect((await competition(c.id, honest.session)).settlement).toBe("under_review");
    expect(await fc(honest.user.id)).toBe(0);

    const held = await app().inject({ url: "/api/admin/competitions/held", headers: a.headers });
    expect(held.json()).toEqual([
      expect.objectContaining({
        competitionId: c.id,
        flagged: [
          expect.objectContaining({ userId: cheat.user.id, steps: 4000, reason: "3 implausible step syncs" }),
        ],
      }),
    ]);
    const member = await app().inject({
      url: "/api/admin/competitions/held",
      headers: honest.session.headers,
    });
    expect(member.statusCode).toBe(403);
    expect((await app().inject({ url: "/api/admin/competitions/held", headers: DEVICE })).statusCode).toBe(
      401,
    );
    const decide = (userId: number, what: string, s = a) =>
      app().inject({
        method: "POST",
        url: `/api/admin/competitions/${c.id}/participants/${userId}/${what}`,
        headers: s.headers,
      });
    expect((await decide(cheat.user.id, "clear", honest.session)).statusCode).toBe(403);
    expect((await decide(999999, "clear")).statusCode).toBe(404);
    const cleared = await decide(cheat.user.id, "clear");
    expect(cleared.json().message).toBe("Member cleared: the competition is settled");
    expect(await fc(cheat.user.id)).toBe(1200);
    expect(await fc(honest.user.id)).toBe(800);
    expect((await decide(cheat.user.id, "disqualify")).statusCode).toBe(409);
  });

  it("locks the standings in the members' order, as syncs that go together take them", async () => {
    const { c, players, start, end } = await running(2);
    const [low, high] = [...players].sort((x, y) => x.user.id - y.user.id);
    t().clock.set(new Date(start.getTime() + 30 * 60_000));
    await walk(low.session, 1000);
    await walk(high.session, 2000);
    t().clock.set(new Date(end.getTime() + GRACE));
    const database = t().database;
    if (!hasOtherConnections(database)) {
      expect(await settleCompetition(app().ctx, c.id)).toBe("settled");
      return;
    }
    await inAnotherTransaction(database, async (other) => {
      // As a call of several syncs would, it holds the lower member's standing and will want the
      // higher one's next.
      const add = (userId: number) =>
        other.query(
          "update competition_participants set steps = steps + 1 where competition_id = $1 and user_id = $2",
          [c.id, userId],
        );
      await add(low.user.id);
      const settling = settleCompetition(app().ctx, c.id);
      expect(await other.someoneWaits()).toBe(true);
      // The settlement waits for the lower standing without holding the higher one, so this goes
      // through at once; had it locked the winner's first, one of the two would end as a deadlock.
      await other.query("set local lock_timeout = '3s'");
      await add(high.user.id);
      await other.commit();
      expect(await settling).toBe("settled");
      // Counted with the steps that were being added when it began.
      const view = await competition(c.id, low.session);
      expect(view.results.map((r: { userId: number; steps: number }) => [r.userId, r.steps])).toEqual([
        [high.user.id, 2001],
        [low.user.id, 1001],
      ]);
    });
  });

  it("pays without a disqualified member, whose fee stays in the pool", async () => {
    const { a, c, players, start, end } = await running(3);
    const [cheat, second, third] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    await walk(cheat.session, 9000);
    await walk(second.session, 3000);
    await walk(third.session, 1000);
    await app()
      .ctx.db.insert(stepFlags)
      .values({ userId: cheat.user.id, flaggedAt: app().ctx.clock.now(), reason: "flagged" });
    t().clock.set(new Date(end.getTime() + GRACE));
    await runJobsOnce(app().ctx);
    const res = await app().inject({
      method: "POST",
      url: `/api/admin/competitions/${c.id}/participants/${cheat.user.id}/disqualify`,
      headers: a.headers,
    });
    expect(res.json().message).toBe("Member disqualified: the competition is settled");
    // Two eligible: 60/40 of 30 FC.
    expect(await fc(second.user.id)).toBe(1800);
    expect(await fc(third.user.id)).toBe(1200);
    expect(await fc(cheat.user.id)).toBe(0);
  });

  it("takes disputes from participants within 48 hours of the end, into the admins' queue", async () => {
    const { a, c, players, end } = await running(2, null);
    const [one, two] = players;
    const outsider = await player();
    const dispute = (s: Session, reason = "My steps from the evening walk are missing") =>
      app().inject({
        method: "POST",
        url: `/api/competitions/${c.id}/disputes`,
        headers: s.headers,
        payload: { reason },
      });
    expect((await dispute(one.session)).statusCode).toBe(409); // not ended yet
    t().clock.set(new Date(end.getTime() + HOUR));
    expect((await competition(c.id, one.session)).canDispute).toBe(true);
    expect((await dispute(one.session)).statusCode).toBe(201);
    expect((await dispute(one.session, "short")).statusCode).toBe(400);
    expect((await dispute(outsider.session)).statusCode).toBe(403);
    const queue = await app().inject({ url: "/api/admin/disputes", headers: a.headers });
    expect(queue.json()).toEqual([
      expect.objectContaining({ competitionId: c.id, userId: one.user.id, competitionName: "Weekly Walk" }),
    ]);
    expect(
      (await app().inject({ url: "/api/admin/disputes", headers: one.session.headers })).statusCode,
    ).toBe(403);
    const id = queue.json()[0].id;
    const review = (s: Session) =>
      app().inject({ method: "POST", url: `/api/admin/disputes/${id}/review`, headers: s.headers });
    expect((await review(one.session)).statusCode).toBe(403);
    expect((await review(a)).statusCode).toBe(200);
    expect((await review(a)).statusCode).toBe(404);
    t().clock.set(new Date(end.getTime() + 49 * HOUR));
    const late = await dispute(two.session);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Disputes must be reported within 48 hours of the competition's end");
  });
});
