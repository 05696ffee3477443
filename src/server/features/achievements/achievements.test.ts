import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "../../../core/achievements";
import { shiftDate } from "../../../core/rules/points";
import { emails } from "../../db/schema";
import { buildCompetition, buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "../groups/group-test-kit";
import { runPointsJob, walkOn } from "../rewards/rewards-test-kit";

describe("achievements", () => {
  const t = useTestApp();
  const today = () => t().clock.now().toISOString().slice(0, 10);

  async function member() {
    const user = await buildUser(t().app);
    return { user, session: await loginAs(t().app, user) };
  }
  const check = async (session: Session) =>
    (
      await t().app.inject({ method: "POST", url: "/api/achievements/check", headers: session.headers })
    ).json() as {
      id: string;
      current: number;
    }[];

  it("lists the catalogue: about 24 badges, every category and rarity, with the member's progress", async () => {
    const { user, session } = await member();
    await walkOn(t().app, user.id, today(), 2_500);
    const list = (await t().app.inject({ url: "/api/achievements", headers: session.headers })).json();
    expect(list).toHaveLength(ACHIEVEMENTS.length);
    expect(new Set(list.map((a: { category: string }) => a.category))).toEqual(
      new Set(["steps", "competitions", "social", "milestones"]),
    );
    expect(new Set(list.map((a: { rarity: string }) => a.rarity))).toEqual(
      new Set(["common", "rare", "epic", "legendary"]),
    );
    expect(list.find((a: { id: string }) => a.id === "stroller")).toMatchObject({
      requirement: 50_000,
      requirementType: "total_steps",
      current: 2_500,
    });
    const anonymous = (await t().app.inject({ url: "/api/achievements" })).json();
    expect(anonymous[0].current).toBeNull();
  });

  it("unlocks from stored facts once, answers them until viewed, and emails the unlock", async () => {
    const { user, session } = await member();
    expect(await check(session)).toEqual([]);
    for (let i = 0; i < 7; i++) await walkOn(t().app, user.id, shiftDate(today(), i - 6), 10_000);
    const [first, again] = await Promise.all([check(session), check(session)]);
    const ids = ["first-steps", "stroller", "ten-thousand-club", "week-streak"];
    expect(first.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(again.map((a) => a.id).sort()).toEqual([...ids].sort());
    const mine = (await t().app.inject({ url: "/api/achievements/user", headers: session.headers })).json();
    expect(mine).toHaveLength(4);
    expect(mine.every((m: { isNew: boolean }) => m.isNew)).toBe(true);

    for (const id of ids) {
      const res = await t().app.inject({
        method: "POST",
        url: `/api/achievements/${id}/viewed`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await check(session)).toEqual([]);
    const after = (await t().app.inject({ url: "/api/achievements/user", headers: session.headers })).json();
    expect(after.every((m: { isNew: boolean }) => !m.isNew)).toBe(true);

    await t().app.ctx.mailer.idle();
    const mail = (await t().app.ctx.db.select().from(emails)).filter((m) => m.toAddress === user.email);
    expect(mail.map((m) => m.template)).toEqual(["achievement"]);
    expect(mail[0].subject).toContain("4 badges unlocked");
  });

  it("counts points earned, competitions, groups and chat from what the other features stored", async () => {
    const g = groupTestKit(t);
    const { user, session } = await g.member(50);
    await walkOn(t().app, user.id, today(), 100_000);
    await runPointsJob(t().app);
    const unlocked = (await check(session)).map((a) => a.id);
    expect(unlocked).toContain("point-collector");
    expect(unlocked).toContain("ultra-walker");
    expect(unlocked).not.toContain("team-player");

    const group = await g.group(session);
    const friend = await g.member(50);
    const joined = await g.join(group.inviteCode, friend.session);
    expect(joined.statusCode, joined.body).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await g.call("POST", `/api/groups/${group.id}/messages`, session, { message: `Walk ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const competition = await buildCompetition(t().app, admin, { entryFee: null });
    const entered = await g.call("POST", `/api/competitions/${competition.id}/join`, session, {});
    expect(entered.statusCode, entered.body).toBe(200);
    const more = (await check(session)).map((a) => a.id);
    expect(more).toEqual(
      expect.arrayContaining(["team-player", "group-founder", "chatterbox", "first-race"]),
    );
    const progress = (await t().app.inject({ url: "/api/achievements", headers: session.headers })).json();
    expect(progress.find((a: { id: string }) => a.id === "recruiter").current).toBe(1);
  });

  it("viewed: 404 for an unknown or a locked badge, 401 signed out", async () => {
    const { session } = await member();
    const unknown = await t().app.inject({
      method: "POST",
      url: "/api/achievements/nope/viewed",
      headers: session.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const locked = await t().app.inject({
      method: "POST",
      url: "/api/achievements/legend/viewed",
      headers: session.headers,
    });
    expect(locked.statusCode).toBe(404);
    expect(locked.json().message).toBe("You have not unlocked this achievement yet");
    for (const [method, url] of [
      ["GET", "/api/achievements/user"],
      ["POST", "/api/achievements/check"],
      ["POST", "/api/achievements/first-steps/viewed"],
    ] as const) {
      expect((await t().app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
