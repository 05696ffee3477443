import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { addCrowd } from "../../test/crowd";
import {
  buildCompetition,
  buildUser,
  DEVICE,
  fundedMember,
  loginAs,
  type Session,
} from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { settleCompetition } from "./settlement.service";

const HOUR = 3600_000;
const GRACE = 600_000;

type Row = { userId: number; position: number; steps: number; prize: number | null };

/** Full standings (issue 24 item 5): paged on the server, the viewer's place, final prizes. */
describe("competition standings", () => {
  const t = useTestApp();
  const app = () => t().app;

  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  const get = (url: string, s?: Session) => app().inject({ url, headers: s?.headers ?? DEVICE });
  const join = (id: number, s: Session) =>
    app().inject({ method: "POST", url: `/api/competitions/${id}/join`, headers: s.headers, payload: {} });
  const walk = (s: Session, steps: number) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
  const setSteps = (competitionId: number, userId: number, steps: number) =>
    app().ctx.db.execute(
      sql`update competition_participants set steps = ${steps}
        where competition_id = ${competitionId} and user_id = ${userId}`,
    );

  /** A free competition with 120 walkers (walker i has 100 i steps) and the viewer on 6,050. */
  async function crowded() {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: null });
    const viewer = await fundedMember(app(), 0);
    expect((await join(c.id, viewer.session)).statusCode).toBe(200);
    await setSteps(c.id, viewer.user.id, 6050);
    const walkers = await addCrowd(app().ctx.db, c.id, 120, { base: 0, step: 100 });
    return { a, c, viewer, walkers };
  }

  it("pages the board on the server and says on which page the viewer is", async () => {
    const { c, viewer, walkers } = await crowded();
    const first = await get(`/api/competitions/${c.id}/standings`, viewer.session);
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json();
    expect(p1).toMatchObject({ page: 1, pageSize: 50, total: 121, pageCount: 3, final: false });
    expect(p1.competition).toMatchObject({ id: c.id, participantCount: 121, settlement: "open" });
    expect(p1.entries).toHaveLength(50);
    expect(p1.entries[0]).toMatchObject({ userId: walkers[119], steps: 12000, position: 1, prize: null });
    expect(p1.entries.map((e: Row) => e.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // 60 walkers have more than 6,050 steps: the viewer is 61st, on page 2.
    expect(p1.me).toEqual({ position: 61, steps: 6050, page: 2, prize: null });

    const p2 = (await get(`/api/competitions/${c.id}/standings?page=2`, viewer.session)).json();
    expect(p2.entries).toHaveLength(50);
    expect(p2.entries[10]).toMatchObject({ userId: viewer.user.id, position: 61 });
    const p3 = (await get(`/api/competitions/${c.id}/standings?page=3`, viewer.session)).json();
    expect(p3.entries).toHaveLength(21);
    expect(p3.entries.at(-1)).toMatchObject({ userId: walkers[0], steps: 100, position: 121 });
    // Past the end: an empty page, not an error.
    expect((await get(`/api/competitions/${c.id}/standings?page=9`, viewer.session)).json().entries).toEqual(
      [],
    );
  });

  it("shares a place on a tie and finds the viewer among the tied", async () => {
    const { c, viewer } = await crowded();
    // Two more on exactly the viewer's 6,050 (joined later: listed after the viewer).
    await addCrowd(app().ctx.db, c.id, 2, { base: 6050, step: 0 });
    const page = (await get(`/api/competitions/${c.id}/standings?page=2`, viewer.session)).json();
    expect(page.entries.slice(10, 13).map((e: Row) => [e.steps, e.position])).toEqual([
      [6050, 61],
      [6050, 61],
      [6050, 61],
    ]);
    expect(page.entries[10].userId).toBe(viewer.user.id);
    expect(page.me).toMatchObject({ position: 61, page: 2 });
  });

  it("leaves banned members out of the rows, the count and the viewer's place", async () => {
    const { a, c, viewer, walkers } = await crowded();
    const banned = await app().inject({
      method: "POST",
      url: `/api/admin/users/${walkers[119]}/ban`,
      headers: a.headers,
      payload: { reason: "Shaking the phone" },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const p1 = (await get(`/api/competitions/${c.id}/standings`, viewer.session)).json();
    expect(p1.total).toBe(120);
    expect(p1.entries[0]).toMatchObject({ userId: walkers[118], position: 1 });
    expect(p1.entries.map((e: Row) => e.userId)).not.toContain(walkers[119]);
    expect(p1.me).toMatchObject({ position: 60, page: 2 });
  });

  it("shows a finished competition's final positions and the prizes the ledger paid", async () => {
    const a = await admin();
    const c = await buildCompetition(app(), a, { entryFee: 10 }, HOUR, 2 / 24);
    const players = [
      await fundedMember(app(), 10),
      await fundedMember(app(), 10),
      await fundedMember(app(), 10),
    ];
    const idle = await fundedMember(app(), 10);
    for (const p of [...players, idle]) expect((await join(c.id, p.session)).statusCode).toBe(200);
    t().clock.set(new Date(app().ctx.clock.now().getTime() + 2 * HOUR));
    for (const [i, p] of players.entries())
      expect((await walk(p.session, 4000 - i * 1000)).statusCode).toBe(200);
    t().clock.set(new Date(app().ctx.clock.now().getTime() + 2 * HOUR + GRACE));
    expect(await settleCompetition(app().ctx, c.id)).toBe("settled");

    const res = (await get(`/api/competitions/${c.id}/standings`, players[1].session)).json();
    expect(res.final).toBe(true);
    expect(res.competition).toMatchObject({ settlement: "settled", status: "completed", prizePool: 0 });
    const paid = await queryRows<{ user_id: number; amount: string }>(
      app().ctx.db,
      sql`select user_id, amount::text as amount from ledger_transfers t
        where kind = 'prize' and reference = ${`competition:${c.id}`} order by t.amount desc`,
    );
    // 40 FC in the pool: 50/30/20 between the three who walked; the one who did not is 4th, unpaid.
    expect(paid.map((p) => [p.user_id, Number(p.amount)])).toEqual([
      [players[0].user.id, 2000],
      [players[1].user.id, 1200],
      [players[2].user.id, 800],
    ]);
    expect(res.competition.paidOut).toBe(40);
    expect(res.entries.map((e: Row) => [e.userId, e.position, e.prize])).toEqual([
      [players[0].user.id, 1, 20],
      [players[1].user.id, 2, 12],
      [players[2].user.id, 3, 8],
      [idle.user.id, 4, null],
    ]);
    expect(res.me).toEqual({ position: 2, steps: 3000, page: 1, prize: 12 });
    await expectBooksBalanced(app());
  });

  it("answers 401 signed out, 400 for a bad page or id, 404 for no such competition", async () => {
    const { c, viewer } = await crowded();
    const anonymous = await get(`/api/competitions/${c.id}/standings`);
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ["page=0", "page=abc", "page=1.5", "page=-2"]) {
      const res = await get(`/api/competitions/${c.id}/standings?${bad}`, viewer.session);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    expect((await get("/api/competitions/abc/standings", viewer.session)).statusCode).toBe(400);
    expect((await get("/api/competitions/999999/standings", viewer.session)).statusCode).toBe(404);
    // A member who did not join sees the board (as the competitions list shows it), without a place.
    const outsider = await fundedMember(app(), 0);
    const seen = (await get(`/api/competitions/${c.id}/standings`, outsider.session)).json();
    expect(seen.me).toBeNull();
    expect(seen.total).toBe(121);
  });
});
