import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitions, stepFlags } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { hasOtherConnections, inAnotherTransaction } from "../../test/another-transaction";
import { buildCompetition, buildUser, grantFitcoins, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { settleDueCompetitions } from "./settlement-job";

const HOUR = 3600_000;
const GRACE = 600_000;

/**
 * Issue 29 item 5: a competition held for review is not settled (its standings locked) on every
 * tick while the hold lasts, and settles on the first tick after the hold is lifted.
 */
describe("settlement job and held competitions", { timeout: 60_000 }, () => {
  const t = useTestApp();
  const app = () => t().app;

  async function player() {
    const user = await buildUser(app());
    await grantFitcoins(app(), user.id, 1000);
    return { user, session: await loginAs(app(), user) };
  }
  const walk = (s: Session, steps: number) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const settlementOf = async (id: number) =>
    (
      await app()
        .ctx.db.select({ settlement: competitions.settlement })
        .from(competitions)
        .where(eq(competitions.id, id))
    )[0]?.settlement;

  /** Two players (10 FC fees) whose winner has an unreviewed step flag; the clock past the grace period. */
  async function heldCompetition() {
    const a = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), a, { entryFee: 10 }, HOUR, 2 / 24);
    const [cheat, honest] = [await player(), await player()];
    for (const p of [cheat, honest]) {
      const res = await app().inject({
        method: "POST",
        url: `/api/competitions/${c.id}/join`,
        headers: p.session.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const start = app().ctx.clock.now().getTime() + HOUR;
    t().clock.set(new Date(start + HOUR));
    await walk(cheat.session, 4000);
    await walk(honest.session, 3000);
    await app()
      .ctx.db.insert(stepFlags)
      .values({ userId: cheat.user.id, flaggedAt: app().ctx.clock.now(), reason: "flagged" });
    t().clock.set(new Date(start + 2 * HOUR + GRACE));
    await settleDueCompetitions(app().ctx);
    expect(await settlementOf(c.id)).toBe("held");
    return { a, c, cheat, honest };
  }

  it("leaves a held competition's standings unlocked on later ticks", async () => {
    const { c, cheat, honest } = await heldCompetition();
    const database = t().database;
    if (!hasOtherConnections(database)) {
      // PGlite has one connection, no lock to wait on: a later tick still holds it and pays nobody.
      t().clock.advance(60_000);
      await settleDueCompetitions(app().ctx);
    } else {
      await inAnotherTransaction(database, async (other) => {
        // A sync of the honest member holds their standing, as a slow one would.
        await other.query(
          "update competition_participants set steps = steps + 0 where competition_id = $1 and user_id = $2",
          [c.id, honest.user.id],
        );
        t().clock.advance(60_000);
        const tick = settleDueCompetitions(app().ctx);
        // Before: the tick settled it again, locking every standing, and waited for this sync.
        expect(await other.someoneWaits()).toBe(false);
        await tick;
        await other.commit();
      });
    }
    expect(await settlementOf(c.id)).toBe("held");
    expect(await fc(cheat.user.id)).toBe(0);
    expect(await fc(honest.user.id)).toBe(0);
  });

  it("settles on the next tick once the flag is reviewed, and at once when an admin clears the member", async () => {
    const first = await heldCompetition();
    t().clock.advance(60_000);
    await settleDueCompetitions(app().ctx);
    expect(await settlementOf(first.c.id)).toBe("held");
    // The step review (not the competition's own queue) lifts the hold: the next tick sees it.
    const reviewed = await app().inject({
      method: "POST",
      url: `/api/admin/step-flags/${first.cheat.user.id}/review`,
      headers: first.a.headers,
      payload: {},
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    t().clock.advance(5_000);
    await settleDueCompetitions(app().ctx);
    expect(await settlementOf(first.c.id)).toBe("settled");
    // Two eligible: 60/40 of the 20 FC pool.
    expect(await fc(first.cheat.user.id)).toBe(1200);
    expect(await fc(first.honest.user.id)).toBe(800);

    const second = await heldCompetition();
    const cleared = await app().inject({
      method: "POST",
      url: `/api/admin/competitions/${second.c.id}/participants/${second.cheat.user.id}/clear`,
      headers: second.a.headers,
    });
    expect(cleared.json().message).toBe("Member cleared: the competition is settled");
    expect(await settlementOf(second.c.id)).toBe("settled");
    await settleDueCompetitions(app().ctx);
    expect(await fc(second.cheat.user.id)).toBe(1200);
  });
});
