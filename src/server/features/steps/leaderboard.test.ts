import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stepBatches, subscriptions, users } from "../../db/schema";
import { buildUser, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("weekly leaderboard", () => {
  const t = useTestApp();

  /** Steps recorded at an instant, written straight to the table (the sync route is tested elsewhere). */
  async function walked(userId: number, steps: number, at: string) {
    await t()
      .app.ctx.db.insert(stepBatches)
      .values({
        userId,
        batchId: randomUUID(),
        steps,
        recordedAt: new Date(at),
        receivedAt: new Date(at),
        localDate: at.slice(0, 10),
      });
  }

  it("ranks this week's active members, ties sharing a rank, with the member's own place", async () => {
    // Wednesday 14 January 2026: for these members (in UTC) the week began on Monday the 12th.
    t().clock.set("2026-01-14T12:00:00Z");
    const ann = await buildUser(t().app, { firstName: "Ann" });
    const bob = await buildUser(t().app, { firstName: "Bob" });
    const cid = await buildUser(t().app, { firstName: "Cid" });
    const viewer = await buildUser(t().app, { firstName: "Vic" });
    const unsubscribed = await buildUser(t().app, { subscribed: false });
    const noRules = await buildUser(t().app, { rulesAccepted: false });
    const banned = await buildUser(t().app);
    const lapsed = await buildUser(t().app);

    await walked(ann.id, 300, "2026-01-12T00:00:00Z");
    await walked(ann.id, 200, "2026-01-13T09:00:00Z");
    await walked(bob.id, 500, "2026-01-14T08:00:00Z");
    await walked(cid.id, 300, "2026-01-14T11:00:00Z");
    // Last week (Sunday evening) does not count.
    await walked(cid.id, 9000, "2026-01-11T23:59:59Z");
    for (const other of [unsubscribed, noRules, banned, lapsed])
      await walked(other.id, 8000, "2026-01-13T10:00:00Z");
    await t()
      .app.ctx.db.update(users)
      .set({ bannedAt: new Date("2026-01-13T00:00:00Z") })
      .where(eq(users.id, banned.id));
    await t()
      .app.ctx.db.update(subscriptions)
      .set({ status: "expired" })
      .where(eq(subscriptions.userId, lapsed.id));

    const session = await loginAs(t().app, viewer);
    const res = await t().app.inject({ url: "/api/leaderboard", headers: session.headers });
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board.entries).toEqual([
      { rank: 1, userId: ann.id, firstName: "Ann", lastName: "Member", profileImageUrl: null, steps: 500 },
      { rank: 1, userId: bob.id, firstName: "Bob", lastName: "Member", profileImageUrl: null, steps: 500 },
      { rank: 3, userId: cid.id, firstName: "Cid", lastName: "Member", profileImageUrl: null, steps: 300 },
    ]);
    // Without steps this week the viewer comes after everyone who walked.
    expect(board.me).toEqual({ rank: 4, steps: 0 });

    await walked(viewer.id, 300, "2026-01-14T11:30:00Z");
    const again = (await t().app.inject({ url: "/api/leaderboard", headers: session.headers })).json();
    expect(again.me).toEqual({ rank: 3, steps: 300 });
    expect(again.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 1, 3, 3]);

    const bobView = (
      await t().app.inject({ url: "/api/leaderboard", headers: (await loginAs(t().app, bob)).headers })
    ).json();
    expect(bobView.me).toEqual({ rank: 1, steps: 500 });

    // A member without a subscription sees the board but has no place on it.
    const outsider = await loginAs(t().app, unsubscribed);
    const theirs = (await t().app.inject({ url: "/api/leaderboard", headers: outsider.headers })).json();
    expect(theirs.me).toBeNull();
    expect(theirs.entries).toHaveLength(4);

    // Next Monday the week starts over.
    t().clock.set("2026-01-19T00:30:00Z");
    const monday = (await t().app.inject({ url: "/api/leaderboard", headers: session.headers })).json();
    expect(monday).toEqual({ entries: [], me: { rank: 1, steps: 0 } });
  });

  it("counts each member's own week, Monday to today where they live", async () => {
    // Monday 19 January, 03:00 UTC: already Monday noon in Tokyo, still Sunday evening in Los Angeles.
    t().clock.set("2026-01-19T03:00:00Z");
    const tokyo = await buildUser(t().app, { firstName: "Kei", timeZone: "Asia/Tokyo" });
    const la = await buildUser(t().app, { firstName: "Lou", timeZone: "America/Los_Angeles" });
    const day = (userId: number, steps: number, localDate: string) =>
      t()
        .app.ctx.db.insert(stepBatches)
        .values({
          userId,
          batchId: randomUUID(),
          steps,
          recordedAt: new Date("2026-01-18T20:00:00Z"),
          receivedAt: new Date("2026-01-18T20:00:00Z"),
          localDate,
        });
    // Kei's Sunday is last week in Tokyo; this Monday morning is this week.
    await day(tokyo.id, 7000, "2026-01-18");
    await day(tokyo.id, 1200, "2026-01-19");
    // For Lou it is still Sunday: the week that began on Monday the 12th.
    await day(la.id, 4000, "2026-01-12");
    await day(la.id, 5000, "2026-01-18");

    const session = await loginAs(t().app, tokyo);
    const board = (await t().app.inject({ url: "/api/leaderboard", headers: session.headers })).json();
    const steps = Object.fromEntries(
      board.entries.map((e: { firstName: string; steps: number }) => [e.firstName, e.steps]),
    );
    expect(steps).toEqual({ Lou: 9000, Kei: 1200 });
    expect(board.me).toEqual({ rank: 2, steps: 1200 });
  });

  it("shows at most 50 members", async () => {
    t().clock.set("2026-02-04T12:00:00Z");
    const many = [];
    for (let i = 0; i < 52; i++) many.push(await buildUser(t().app));
    for (const [i, u] of many.entries()) await walked(u.id, 1000 + i, "2026-02-03T10:00:00Z");
    const session = await loginAs(t().app, many[0]);
    const board = (await t().app.inject({ url: "/api/leaderboard", headers: session.headers })).json();
    expect(board.entries).toHaveLength(50);
    expect(board.entries[0]).toMatchObject({ rank: 1, userId: many[51].id, steps: 1051 });
    expect(board.entries[49]).toMatchObject({ rank: 50, steps: 1002 });
    expect(board.me).toEqual({ rank: 52, steps: 1000 });
  });
});
