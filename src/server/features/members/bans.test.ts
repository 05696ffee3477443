import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stepBatches, userReports } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { buildUser, DEVICE, fundWallet, grantFitcoins, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("bans", () => {
  const t = useTestApp();
  const app = () => t().app;
  const adminSession = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers, payload: payload as object });
  const ban = (id: number, s: Session | Record<string, string>, payload: unknown = { reason: "Cheating" }) =>
    post(`/api/admin/users/${id}/ban`, "headers" in s ? (s.headers as Record<string, string>) : s, payload);
  const unban = (id: number, s: Session | Record<string, string>) =>
    post(`/api/admin/users/${id}/unban`, "headers" in s ? (s.headers as Record<string, string>) : s);
  const login = (u: { username: string; password: string }) =>
    app().inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: u.username, password: u.password, deviceFingerprint: "a".repeat(32) },
    });

  it("answers 401, 403, 404, 400 and 409 where they belong", async () => {
    const admin = await buildUser(app(), { isAdmin: true });
    const a = await loginAs(app(), admin);
    const member = await buildUser(app());
    const m = await loginAs(app(), member);
    expect((await ban(member.id, DEVICE)).statusCode).toBe(401);
    expect((await unban(member.id, DEVICE)).statusCode).toBe(401);
    expect((await ban(member.id, m)).statusCode).toBe(403);
    expect((await unban(member.id, m)).statusCode).toBe(403);
    expect((await ban(999_999, a)).statusCode).toBe(404);
    expect((await unban(999_999, a)).statusCode).toBe(404);
    expect((await ban(member.id, a, {})).json().details[0].message).toBe("A reason is required");
    expect((await ban(member.id, a, { reason: "   " })).statusCode).toBe(400);
    expect((await ban(member.id, a, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await post("/api/admin/users/abc/ban", a.headers, { reason: "x" })).statusCode).toBe(400);

    const self = await ban(admin.id, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot ban yourself");
    const other = await buildUser(app(), { isAdmin: true });
    const adminTarget = await ban(other.id, a);
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json().message).toBe("Admin accounts cannot be banned");

    expect((await unban(member.id, a)).statusCode).toBe(409);
    expect((await ban(member.id, a)).statusCode).toBe(200);
    const twice = await ban(member.id, a, { reason: "Again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This member is already banned");
    expect((await unban(member.id, a)).statusCode).toBe(200);
    expect((await unban(member.id, a)).statusCode).toBe(409);
  });

  it("ends every session at once, refuses sign-in with the reason, keeps the money; unban lets them back", async () => {
    const a = await adminSession();
    const member = await buildUser(app());
    await fundWallet(app(), member.id, 2_500);
    await grantFitcoins(app(), member.id, 700);
    const phone = await loginAs(app(), member);
    const laptop = await loginAs(app(), member);
    expect((await app().inject({ url: "/api/auth/user", headers: phone.headers })).statusCode).toBe(200);
    const before = await userBalances(app().ctx.db, member.id);

    const res = await ban(member.id, a, { reason: "Step manipulation." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionsEnded: 2, membership: "stopped" });
    expect(res.json().message).toMatch(
      /^Member banned: every session ended; their membership stops renewing/,
    );
    for (const s of [phone, laptop]) {
      const next = await app().inject({ url: "/api/auth/user", headers: s.headers });
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject({ code: "ACCOUNT_SUSPENDED", sessionInvalid: true, suspended: true });
    }
    const sync = await app().inject({
      method: "POST",
      url: "/api/steps",
      headers: phone.headers,
      payload: { steps: 10, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
    expect(sync.statusCode).toBe(401);
    expect(await app().ctx.db.$count(stepBatches, eq(stepBatches.userId, member.id))).toBe(0);

    const refused = await login(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: "ACCOUNT_SUSPENDED",
      message: "This account is suspended: Step manipulation. Contact support.",
    });
    // A wrong password says nothing about the ban.
    expect((await login({ ...member, password: "wrong-password-1" })).statusCode).toBe(401);
    expect(await userBalances(app().ctx.db, member.id)).toEqual(before);

    const log = await app().inject({
      url: `/api/admin/audit-log?targetUserId=${member.id}`,
      headers: a.headers,
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: "user.ban",
        targetType: "user",
        targetId: member.id,
        reason: "Step manipulation.",
        details: { sessionsEnded: 2, renewalStopped: true },
      }),
    ]);

    const lifted = await unban(member.id, a);
    expect(lifted.json().message).toMatch(
      /^Ban lifted: the member can sign in again; their membership renews again/,
    );
    expect((await login(member)).statusCode).toBe(200);
    const after = await app().inject({
      url: `/api/admin/audit-log?targetUserId=${member.id}`,
      headers: a.headers,
    });
    expect(after.json().items.map((e: { action: string }) => e.action)).toEqual(["user.unban", "user.ban"]);
  });

  it("bans from a report, closing it; a report about someone else is refused and nothing changes", async () => {
    const a = await adminSession();
    const reporter = await buildUser(app());
    const offender = await buildUser(app());
    const bystander = await buildUser(app());
    const r = await loginAs(app(), reporter);
    const report = await post("/api/users/report", r.headers, {
      reportedId: offender.username,
      reason: "harassment",
      description: "Rude in chat",
    });
    const reportId = report.json().id as number;

    const wrong = await ban(bystander.id, a, { reason: "Harassment", reportId });
    expect(wrong.statusCode).toBe(400);
    expect((await login(bystander)).statusCode).toBe(200);
    expect((await ban(offender.id, a, { reason: "Harassment", reportId: 999_999 })).statusCode).toBe(404);

    expect((await ban(offender.id, a, { reason: "Harassment", reportId })).statusCode).toBe(200);
    const [row] = await app().ctx.db.select().from(userReports).where(eq(userReports.id, reportId));
    expect(row.reviewedAt).not.toBeNull();
    const queue = await app().inject({ url: "/api/admin/reports", headers: a.headers });
    expect(queue.json().map((q: { id: number }) => q.id)).not.toContain(reportId);
  });

  it("leaves a banned member off the weekly leaderboard", async () => {
    const a = await adminSession();
    const walker = await buildUser(app(), { firstName: "Walker" });
    const viewer = await buildUser(app());
    const w = await loginAs(app(), walker);
    const sync = await app().inject({
      method: "POST",
      url: "/api/steps",
      headers: w.headers,
      payload: { steps: 40, timestamp: app().ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
    expect(sync.statusCode).toBe(200);
    const v = await loginAs(app(), viewer);
    const board = async () =>
      (await app().inject({ url: "/api/leaderboard", headers: v.headers }))
        .json()
        .entries.map((e: { userId: number }) => e.userId);
    expect(await board()).toContain(walker.id);
    await ban(walker.id, a);
    expect(await board()).not.toContain(walker.id);
    await unban(walker.id, a);
    expect(await board()).toContain(walker.id);
  });
});
