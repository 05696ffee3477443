import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { settleCompetition } from "../competitions/settlement.service";
import { groupTestKit } from "./group-test-kit";

const HOUR = 3600_000;

/** A group round's full standings: the same board as a competition's, behind the group's access. */
describe("group round standings", () => {
  const t = useTestApp();
  const { app, member, call, startIn, group, join } = groupTestKit(t);
  const walk = (s: Session, steps: number) =>
    app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
  const scheduled = (over: Record<string, unknown> = {}) => ({
    hasScheduledCompetition: true,
    competitionDuration: 1,
    entryDeadlineHours: 1,
    ...startIn(2 * HOUR),
    ...over,
  });

  it("answers the current round, then each past round with final positions and prizes", async () => {
    const owner = await member(50);
    const friend = await member(50);
    const g = await group(owner.session, scheduled());
    expect((await join(g.inviteCode, friend.session)).statusCode).toBe(200);

    const live = await call("GET", `/api/groups/${g.id}/standings`, friend.session);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toMatchObject({ final: false, total: 2, page: 1, competition: { groupId: g.id } });
    expect(live.json().me).toMatchObject({ position: 1, steps: 0, page: 1 });
    const round: number = live.json().competition.id;

    t().clock.set(new Date(new Date(g.competitionStartDate).getTime() + HOUR));
    expect((await walk(owner.session, 3000)).statusCode).toBe(200);
    expect((await walk(friend.session, 1000)).statusCode).toBe(200);
    t().clock.set(new Date(new Date(g.competitionEndDate).getTime() + 11 * 60_000));
    expect(await settleCompetition(app().ctx, round)).toBe("settled");

    // Money already gathering in the group's pool for a next round is no prize of the paid one.
    const gift = await call("POST", `/api/groups/${g.id}/contribute`, friend.session, { amount: 5 });
    expect(gift.statusCode, gift.body).toBe(200);
    const rounds = (await call("GET", `/api/groups/${g.id}/rounds`, friend.session)).json();
    expect(rounds.map((r: { id: number }) => r.id)).toEqual([round]);
    const past = await call("GET", `/api/groups/${g.id}/rounds/${round}/standings`, friend.session);
    expect(past.statusCode, past.body).toBe(200);
    // 2 x 15 FC entries: 60/40 between the two who walked.
    expect(past.json()).toMatchObject({
      final: true,
      competition: { settlement: "settled", paidOut: 30, prizePool: 0 },
      entries: [
        { userId: owner.user.id, position: 1, steps: 3000, prize: 18 },
        { userId: friend.user.id, position: 2, steps: 1000, prize: 12 },
      ],
      me: { position: 2, page: 1, prize: 12 },
    });
    await expectBooksBalanced(app());
  });

  it("keeps private groups to their members and rounds to their group", async () => {
    const owner = await member(50);
    const outsider = await member(50);
    const g = await group(owner.session, scheduled({ isPrivate: true }));
    const other = await group((await member(50)).session, scheduled({ name: "Other Walkers" }));
    const otherRound = (await call("GET", `/api/groups/${other.id}/standings`, outsider.session)).json()
      .competition.id;
    const ownRound = (await call("GET", `/api/groups/${g.id}/standings`, owner.session)).json().competition
      .id;

    expect((await call("GET", `/api/groups/${g.id}/standings`)).statusCode).toBe(401);
    expect((await call("GET", `/api/groups/${g.id}/rounds/${ownRound}/standings`)).statusCode).toBe(401);
    expect((await call("GET", `/api/groups/${g.id}/standings`, outsider.session)).statusCode).toBe(403);
    expect(
      (await call("GET", `/api/groups/${g.id}/rounds/${ownRound}/standings`, outsider.session)).statusCode,
    ).toBe(403);
    // Another group's round asked through this group: not found here.
    expect(
      (await call("GET", `/api/groups/${g.id}/rounds/${otherRound}/standings`, owner.session)).statusCode,
    ).toBe(404);
    expect((await call("GET", `/api/groups/999999/standings`, owner.session)).statusCode).toBe(404);
    // A group round is not one of the competitions pages' competitions.
    expect((await call("GET", `/api/competitions/${ownRound}/standings`, owner.session)).statusCode).toBe(
      404,
    );
    // A group without a schedule has no round yet.
    const plain = await group(owner.session, { name: "No Schedule" });
    expect((await call("GET", `/api/groups/${plain.id}/standings`, owner.session)).statusCode).toBe(404);
    for (const bad of ["rounds/abc/standings", "standings?page=0", "rounds/0/standings"]) {
      const res = await call("GET", `/api/groups/${g.id}/${bad}`, owner.session);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
