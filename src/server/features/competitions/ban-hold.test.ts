import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { userBalances } from "../../ledger/accounts";
import { buildCompetition, buildUser, grantFitcoins, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { settleCompetition } from "./settlement.service";

const HOUR = 3600_000;
const GRACE = 600_000;

/** A ban holds a payout as an unreviewed step flag does, and boards leave the banned member out. */
describe("a banned member in a competition", () => {
  const t = useTestApp();
  const app = () => t().app;

  async function player(firstName: string) {
    const user = await buildUser(app(), { firstName });
    await grantFitcoins(app(), user.id, 1000);
    return { user, session: await loginAs(app(), user) };
  }
  const join = (id: number, s: Session) =>
    app().inject({ method: "POST", url: `/api/competitions/${id}/join`, headers: s.headers, payload: {} });
  const walk = (s: Session, steps: number) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const ban = (a: Session, id: number, reason: string) =>
    app().inject({
      method: "POST",
      url: `/api/admin/users/${id}/ban`,
      headers: a.headers,
      payload: { reason },
    });

  /** Three players who walked 4,000, 3,000 and 2,000 steps in a 2-hour competition. */
  async function walked() {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), a, { entryFee: 10 }, HOUR, 2 / 24);
    const players = [await player("Banned"), await player("Second"), await player("Third")];
    for (const p of players) expect((await join(c.id, p.session)).statusCode).toBe(200);
    const start = new Date(app().ctx.clock.now().getTime() + HOUR);
    t().clock.set(new Date(start.getTime() + HOUR));
    for (const [i, p] of players.entries())
      expect((await walk(p.session, 4000 - i * 1000)).statusCode).toBe(200);
    return { a, c, players, end: new Date(start.getTime() + 2 * HOUR) };
  }

  it("is left off the standings others see, positions counted without them", async () => {
    const { a, c, players } = await walked();
    const [banned, second, third] = players;
    expect((await ban(a, banned.user.id, "Cheating")).statusCode).toBe(200);
    const detail = (
      await app().inject({ url: `/api/competitions/${c.id}`, headers: second.session.headers })
    ).json();
    expect(
      detail.standings.entries.map((e: { userId: number; position: number }) => [e.userId, e.position]),
    ).toEqual([
      [second.user.id, 1],
      [third.user.id, 2],
    ]);
    expect(detail.leaderboard.map((e: { userId: number }) => e.userId)).not.toContain(banned.user.id);
    const list = (await app().inject({ url: "/api/competitions", headers: third.session.headers })).json();
    const mine = list.find((x: { id: number }) => x.id === c.id);
    expect(mine.leaderboard.map((e: { userId: number }) => e.userId)).toEqual([
      second.user.id,
      third.user.id,
    ]);
    // The viewer's own place does not count the banned member either.
    expect(mine.userRank).toEqual({ position: 2, steps: 2000 });
  });

  it("holds the payout with the reason until an admin decides; the money stays in the pool", async () => {
    const { a, c, players, end } = await walked();
    const [banned, second] = players;
    expect((await ban(a, banned.user.id, "Fake accounts")).statusCode).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("held");
    // Each paid their 10 FC fee; nobody is paid while the hold lasts.
    expect(await fc(second.user.id)).toBe(0);
    expect(await fc(banned.user.id)).toBe(0);
    const detail = (
      await app().inject({ url: `/api/competitions/${c.id}`, headers: second.session.headers })
    ).json();
    expect(detail.settlement).toBe("under_review");

    const held = (await app().inject({ url: "/api/admin/competitions/held", headers: a.headers })).json();
    expect(held).toEqual([
      expect.objectContaining({
        competitionId: c.id,
        flagged: [
          expect.objectContaining({ userId: banned.user.id, steps: 4000, reason: "Banned: Fake accounts" }),
        ],
      }),
    ]);
    const decided = await app().inject({
      method: "POST",
      url: `/api/admin/competitions/${c.id}/participants/${banned.user.id}/disqualify`,
      headers: a.headers,
    });
    expect(decided.json().message).toBe("Member disqualified: the competition is settled");
    // 30 FC in the pool: 50/30/20 between the two who count (the disqualified fee stays in).
    expect(await fc(banned.user.id)).toBe(0);
    expect(await fc(second.user.id)).toBeGreaterThan(0);
  });

  it("pays once the ban is lifted, on the next settlement run", async () => {
    const { a, c, players, end } = await walked();
    const [banned] = players;
    await ban(a, banned.user.id, "Under investigation");
    t().clock.set(new Date(end.getTime() + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("held");
    const lifted = await app().inject({
      method: "POST",
      url: `/api/admin/users/${banned.user.id}/unban`,
      headers: a.headers,
      payload: { reason: "Cleared after review" },
    });
    expect(lifted.statusCode).toBe(200);
    expect(await settleCompetition(app().ctx, c.id)).toBe("settled");
    expect(await fc(banned.user.id)).toBeGreaterThan(0);
  });

  it("holds the payout even when the member was cleared before the ban", async () => {
    const { a, c, players, end } = await walked();
    const [banned] = players;
    // An earlier clearance of a step flag in this competition (as the admin's Clear writes it).
    await app().ctx.db.execute(
      sql`update competition_participants set cleared_at = ${app().ctx.clock.now()}
        where competition_id = ${c.id} and user_id = ${banned.user.id}`,
    );
    expect((await ban(a, banned.user.id, "Stolen card")).statusCode).toBe(200);
    t().clock.set(new Date(end.getTime() + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("held");
    expect(await fc(banned.user.id)).toBe(0);
  });

  it("stops a banned member's membership from renewing: they cannot sign in to cancel it", async () => {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await player("Renewing");
    expect((await ban(a, member.user.id, "Abuse")).statusCode).toBe(200);
    const [row] = await queryRows<{ status: string }>(
      app().ctx.db,
      sql`select status from subscriptions where user_id = ${member.user.id}`,
    );
    expect(row?.status).toBe("cancel_at_period_end");
  });
});
