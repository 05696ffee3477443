import { describe, expect, it } from "vitest";
import {
  DURATION_REQUIRED,
  GROUP_DEADLINE_MESSAGE,
  GROUP_ENTRY_FEE_MESSAGE,
  GROUP_NAME_REQUIRED,
  START_DATE_REQUIRED,
  START_TIME_REQUIRED,
} from "../../../core/schemas/groups";
import { runJobsOnce } from "../../jobs/scheduler";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "./group-test-kit";

const DAY = 24 * 3600_000;

describe("groups API: access, creation and joining", () => {
  const t = useTestApp();
  const { app, member, call, fc, pool, startIn, group, join } = groupTestKit(t);

  it("creates a group whose creator is its admin and pays the default 15 FC entry price", async () => {
    const owner = await member(20);
    const g = await group(owner.session);
    expect(g).toMatchObject({
      name: "Morning Walkers",
      role: "admin",
      memberCount: 1,
      poolBalance: "15.00",
      poolEntryPrice: "15.00",
      poolGoal: null,
      hasScheduledCompetition: false,
      competitionStatus: null,
      isPrivate: false,
      createdBy: owner.user.id,
    });
    expect(g.members).toEqual([expect.objectContaining({ userId: owner.user.id, role: "admin" })]);
    expect(await fc(owner.user.id)).toBe(500);
    const poor = await member(10);
    const refused = await call("POST", "/api/groups", poor.session, { name: "Too dear" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("INSUFFICIENT_FUNDS");
    expect(
      (await call("GET", "/api/groups", poor.session))
        .json()
        .some((x: { name: string }) => x.name === "Too dear"),
    ).toBe(false);
    const free = await member(0);
    expect(
      (await call("POST", "/api/groups", free.session, { name: "Priced", poolEntryPrice: "5" })).statusCode,
    ).toBe(422);
  });

  it("refuses bad create input with the specification's messages, 401 and 403", async () => {
    const owner = await member();
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await call("POST", "/api/groups", owner.session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await bad({ name: " " }, GROUP_NAME_REQUIRED);
    const sched = { name: "G", hasScheduledCompetition: true, competitionDuration: 7, ...startIn(DAY) };
    await bad({ ...sched, competitionStartDate: "" }, START_DATE_REQUIRED);
    await bad({ ...sched, competitionStartTime: null }, START_TIME_REQUIRED);
    await bad({ ...sched, competitionDuration: 5 }, DURATION_REQUIRED);
    await bad({ ...sched, entryDeadlineHours: -2 }, GROUP_DEADLINE_MESSAGE);
    await bad({ ...sched, ...startIn(-DAY) }, "The competition cannot start in the past");
    await bad({ name: "G", poolEntryPrice: "$4.99" }, GROUP_ENTRY_FEE_MESSAGE);
    await bad({ name: "G", poolEntryPrice: "151" }, GROUP_ENTRY_FEE_MESSAGE);
    expect((await call("POST", "/api/groups", undefined, { name: "G" })).statusCode).toBe(401);
    const lapsed = await member(50, { subscribed: false });
    expect((await call("POST", "/api/groups", lapsed.session, { name: "G" })).json().code).toBe(
      "SUBSCRIPTION_REQUIRED",
    );
  });

  it("schedules a competition from the form and shows its status and countdown dates", async () => {
    const owner = await member();
    const g = await group(owner.session, {
      hasScheduledCompetition: true,
      competitionDuration: 3,
      entryDeadlineHours: 24,
      ...startIn(2 * DAY),
    });
    expect(g).toMatchObject({
      hasScheduledCompetition: true,
      competitionStatus: "scheduled",
      entryDeadlineHours: 24,
    });
    const start = new Date(g.competitionStartDate).getTime();
    expect(new Date(g.competitionEndDate).getTime() - start).toBe(3 * DAY);
    expect(new Date(g.entryDeadlineDate).getTime()).toBe(start - DAY);
    t().clock.set(new Date(start + 1000));
    expect((await call("GET", `/api/groups/${g.id}`, owner.session)).json().competitionStatus).toBe("active");
    t().clock.set(new Date(start + 3 * DAY));
    expect((await call("GET", `/api/groups/${g.id}`, owner.session)).json()).toMatchObject({
      competitionStatus: "completed",
      settlement: "pending",
    });
  });

  it("keeps private groups to their members, and public info free of anything private", async () => {
    const owner = await member();
    const priv = await group(owner.session, { name: "Secret Strollers", isPrivate: true });
    const pub = await group(owner.session, { name: "Open Ramblers" });
    const other = await member();
    const names = (await call("GET", "/api/groups", other.session))
      .json()
      .map((x: { name: string }) => x.name);
    expect(names).toContain("Open Ramblers");
    expect(names).not.toContain("Secret Strollers");
    expect((await call("GET", `/api/groups/${priv.id}`, other.session)).statusCode).toBe(403);
    expect((await call("GET", `/api/groups/${priv.id}/messages`, other.session)).statusCode).toBe(403);
    expect((await call("GET", `/api/groups/${priv.id}/leaderboard`, other.session)).statusCode).toBe(403);
    expect((await call("GET", `/api/groups/${pub.id}`, other.session)).json()).toMatchObject({ role: null });
    expect((await call("GET", `/api/groups/${pub.id}/messages`, other.session)).statusCode).toBe(403);
    expect((await call("GET", "/api/groups/999999", other.session)).statusCode).toBe(404);
    expect((await call("GET", "/api/groups/x", other.session)).statusCode).toBe(400);
    expect((await call("GET", `/api/groups/${pub.id}`)).statusCode).toBe(401);

    const info = await app().inject({ url: `/api/groups/info/${priv.inviteCode}` });
    expect(info.statusCode).toBe(200);
    // What an invitee may see: counts and sums, never who the members are (issue 32).
    expect(info.json()).toEqual({
      name: "Secret Strollers",
      description: "Early birds",
      isPrivate: true,
      memberCount: 1,
      poolBalance: "15.00",
      poolEntryPrice: "15.00",
      competitionEnded: false,
      competitionStartDate: null,
      competitionEndDate: null,
      entryDeadlineDate: null,
      hasScheduledCompetition: false,
      roundStatus: "none",
    });
    expect((await app().inject({ url: "/api/groups/info/NOSUCHCODE" })).statusCode).toBe(404);
    const preview = await call("GET", `/api/groups/invite/${priv.inviteCode}`, other.session);
    expect(preview.json()).toMatchObject({
      id: priv.id,
      isPrivate: true,
      isMember: false,
      memberCount: 1,
      poolEntryPrice: "15.00",
    });
    expect((await call("GET", `/api/groups/invite/${priv.inviteCode}`)).statusCode).toBe(401);
  });

  it("says on the invite where the round stands: not started, entries closed, running, ended", async () => {
    const owner = await member();
    const g = await group(owner.session, {
      hasScheduledCompetition: true,
      competitionDuration: 3,
      entryDeadlineHours: 6,
      poolEntryPrice: "10",
      ...startIn(DAY),
    });
    const joiner = await member(20);
    expect((await join(g.inviteCode, joiner.session)).statusCode).toBe(200);
    const state = async () => {
      const info = (await app().inject({ url: `/api/groups/info/${g.inviteCode}` })).json();
      const preview = (await call("GET", `/api/groups/invite/${g.inviteCode}`, owner.session)).json();
      expect(preview.roundStatus).toBe(info.roundStatus);
      expect(preview.poolBalance).toBe(info.poolBalance);
      return info;
    };
    const start = new Date(g.competitionStartDate).getTime();
    expect(await state()).toMatchObject({
      roundStatus: "upcoming",
      memberCount: 2,
      poolBalance: "20.00",
      poolEntryPrice: "10.00",
      competitionStartDate: g.competitionStartDate,
      competitionEndDate: g.competitionEndDate,
      entryDeadlineDate: new Date(start - 6 * 3600_000).toISOString(),
    });
    t().clock.set(new Date(start - 3600_000));
    expect((await state()).roundStatus).toBe("entries_closed");
    const late = await member(20);
    expect((await call("GET", `/api/groups/invite/${g.inviteCode}`, late.session)).json().canJoin).toBe(
      false,
    );
    t().clock.set(new Date(start + 3600_000));
    expect((await state()).roundStatus).toBe("entries_closed");
    t().clock.set(new Date(start + 3 * DAY));
    expect(await state()).toMatchObject({ roundStatus: "ended", competitionEnded: true });

    // Entries open all along (-1): a running round says so, and admits.
    const open = await group(owner.session, {
      name: "Open Door",
      hasScheduledCompetition: true,
      competitionDuration: 3,
      entryDeadlineHours: -1,
      ...startIn(DAY),
    });
    t().clock.advance(2 * DAY);
    const info = (await app().inject({ url: `/api/groups/info/${open.inviteCode}` })).json();
    expect(info).toMatchObject({ roundStatus: "running", entryDeadlineDate: null });
  });

  it("joins by invite code, paying the entry price into the pool; 409, 404, 422 and 403", async () => {
    const owner = await member();
    const g = await group(owner.session, { poolEntryPrice: "20" });
    const joiner = await member(25);
    const joined = await join(g.inviteCode, joiner.session);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ role: "member", memberCount: 2, poolBalance: "40.00" });
    expect(await fc(joiner.user.id)).toBe(500);
    expect((await join(g.inviteCode, joiner.session)).statusCode).toBe(409);
    expect((await join("NOSUCHCODE", joiner.session)).statusCode).toBe(404);
    const poor = await member(19.99);
    const refused = await join(g.inviteCode, poor.session);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("20.00");
    expect(await fc(poor.user.id)).toBe(1999);
    expect(await pool(g.id)).toBe(4000);
    const lapsed = await member(50, { subscribed: false });
    expect((await join(g.inviteCode, lapsed.session)).json().code).toBe("SUBSCRIPTION_REQUIRED");
    expect((await call("POST", `/api/groups/join/${g.inviteCode}`)).statusCode).toBe(401);
  });

  it("answers 410 COMPETITION_ENDED on an invite from a round's end until it is paid, then admits again", async () => {
    const owner = await member();
    const g = await group(owner.session, {
      hasScheduledCompetition: true,
      competitionDuration: 1,
      ...startIn(DAY),
    });
    t().clock.advance(3 * DAY);
    const late = await member();
    const res = await join(g.inviteCode, late.session);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe("COMPETITION_ENDED");
    const info = (await app().inject({ url: `/api/groups/info/${g.inviteCode}` })).json();
    expect(info).toMatchObject({ competitionEnded: true, hasScheduledCompetition: true });
    const preview = (await call("GET", `/api/groups/invite/${g.inviteCode}`, late.session)).json();
    expect(preview).toMatchObject({ competitionEnded: true, canJoin: false });
    // Once the round is settled the group is between rounds: the same link admits members again.
    await runJobsOnce(app().ctx);
    const between = (await app().inject({ url: `/api/groups/info/${g.inviteCode}` })).json();
    expect(between).toMatchObject({ competitionEnded: false, hasScheduledCompetition: false });
    expect((await call("GET", `/api/groups/invite/${g.inviteCode}`, late.session)).json()).toMatchObject({
      competitionEnded: false,
      canJoin: true,
    });
    const joined = await join(g.inviteCode, late.session);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ memberCount: 2, role: "member", competitionStatus: "completed" });
    // Not entered into the round that was over before they came.
    expect(joined.json().leaderboard.map((e: { userId: number }) => e.userId)).toEqual([owner.user.id]);
  });

  it("shows a group's past rounds to those who may see the group: 401, 403 private, 404", async () => {
    const owner = await member();
    const g = await group(owner.session, { isPrivate: true });
    const stranger = await member();
    expect((await call("GET", `/api/groups/${g.id}/rounds`)).statusCode).toBe(401);
    expect((await call("GET", `/api/groups/${g.id}/rounds`, stranger.session)).statusCode).toBe(403);
    expect((await call("GET", "/api/groups/999999/rounds", owner.session)).statusCode).toBe(404);
    expect((await call("GET", "/api/groups/0/rounds", owner.session)).statusCode).toBe(400);
    const none = await call("GET", `/api/groups/${g.id}/rounds`, owner.session);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });
});
