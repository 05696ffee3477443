import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { lastEmailTo } from "../../test/mail";
import { useTestApp } from "../../test/test-app";
import { runPeriodEnds } from "../subscription/subscription.service";

const SUPPORT = "help@steprace.test";
const DAY = 24 * 3600_000;

/**
 * Issue 32: a ban says what it does to the membership and lifting it undoes exactly that; the
 * member hears of both by email; a banned member's session is told it is suspended.
 */
describe("a ban and the member's membership", () => {
  const t = useTestApp({ SUPPORT_EMAIL: SUPPORT });
  const app = () => t().app;
  const call = (method: "GET" | "POST", url: string, s?: Session, payload?: object) =>
    app().inject({ method, url, headers: s?.headers ?? DEVICE, ...(payload ? { payload } : {}) });
  let adminSession: Session | undefined;
  const admin = async () => {
    adminSession ??= await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    return adminSession;
  };
  const ban = async (id: number, payload: object = { reason: "Fake step counts" }) =>
    call("POST", `/api/admin/users/${id}/ban`, await admin(), payload);
  const unban = async (id: number) => call("POST", `/api/admin/users/${id}/unban`, await admin());
  const row = async (userId: number) =>
    (await app().ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const lastEmail = (to: string, template: string) => lastEmailTo(app().ctx.db, to, template);
  const member = async () => {
    const user = await buildUser(app());
    return { user, session: await loginAs(app(), user) };
  };

  it("stops renewal, says so, and lifting the ban turns it back on; a second ban and unban alike", async () => {
    const { user, session } = await member();
    const periodEnd = (await row(user.id)).currentPeriodEnd;

    for (const round of [1, 2]) {
      const banned = await ban(user.id, { reason: `Fake step counts (${round})` });
      expect(banned.statusCode).toBe(200);
      expect(banned.json()).toMatchObject({
        membership: "stopped",
        activeUntil: periodEnd.toISOString(),
        message: expect.stringContaining("their membership stops renewing and stays paid until"),
      });
      expect(await row(user.id)).toMatchObject({
        status: "cancel_at_period_end",
        stoppedByBanAt: expect.any(Date),
      });
      const page = async () => (await call("GET", `/api/admin/users/${user.id}`, await admin())).json();
      expect((await page()).subscription).toMatchObject({
        status: "cancel_at_period_end",
        stoppedByBan: true,
      });
      const told = await lastEmail(user.email, "account_suspended");
      expect(told.textBody).toContain(`Reason: Fake step counts (${round})`);
      expect(told.textBody).toContain("Your membership will not renew: it stays paid until");
      expect(told.textBody).toContain(SUPPORT);

      const lifted = await unban(user.id);
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json()).toMatchObject({
        membership: "restored",
        message: expect.stringContaining("their membership renews again on"),
      });
      expect(await row(user.id)).toMatchObject({ status: "active", stoppedByBanAt: null, canceledAt: null });
      expect((await page()).subscription).toMatchObject({ status: "active", stoppedByBan: false });
      const back = await lastEmail(user.email, "account_restored");
      expect(back.textBody).toContain("Your membership renews again, next on");
      expect(back.textBody).toContain(SUPPORT);
    }
    // Signed in again, the member renews as before.
    const again = await loginAs(app(), user);
    expect((await call("GET", "/api/auth/user", again)).json().subscriptionStatus).toBe("active");
    expect((await call("GET", "/api/auth/user", session)).statusCode).toBe(401);

    const log = await call("GET", `/api/admin/audit-log?targetUserId=${user.id}`, await admin());
    const entries = log.json().items as { action: string; details: unknown }[];
    expect(entries.filter((e) => e.action === "user.ban").map((e) => e.details)).toEqual([
      { sessionsEnded: 0, renewalStopped: true },
      { sessionsEnded: 1, renewalStopped: true },
    ]);
    expect(entries.filter((e) => e.action === "user.unban").map((e) => e.details)).toEqual([
      { renewal: "restored" },
      { renewal: "restored" },
    ]);
  });

  it("leaves a membership the member had cancelled as they set it, before and after", async () => {
    const { user, session } = await member();
    expect((await call("POST", "/api/subscription/cancel", session)).statusCode).toBe(200);
    const banned = await ban(user.id);
    expect(banned.json()).toMatchObject({
      membership: "ending",
      message: expect.stringContaining("as they had set"),
    });
    expect((await row(user.id)).stoppedByBanAt).toBeNull();
    expect((await lastEmail(user.email, "account_suspended")).textBody).toContain("as you had set it to");
    expect((await unban(user.id)).json().membership).toBe("none");
    expect((await row(user.id)).status).toBe("cancel_at_period_end");
  });

  it("does not renew a membership whose period ended while the member was banned", async () => {
    const { user } = await member();
    const periodEnd = (await row(user.id)).currentPeriodEnd;
    expect((await ban(user.id)).json().membership).toBe("stopped");
    t().clock.set(new Date(periodEnd.getTime() + DAY));
    // The admin signs in again a month on (sessions last 30 days).
    adminSession = undefined;
    expect((await runPeriodEnds(app().ctx)).expired).toBeGreaterThanOrEqual(1);

    const lifted = await unban(user.id);
    expect(lifted.json()).toMatchObject({
      membership: "ended",
      message: expect.stringContaining("while they were banned, so it does not renew"),
    });
    expect(await row(user.id)).toMatchObject({ status: "expired", stoppedByBanAt: null });
    expect((await lastEmail(user.email, "account_restored")).textBody).toContain(
      "while your account was suspended",
    );
    const session = await loginAs(app(), user);
    expect((await call("GET", "/api/auth/user", session)).json().subscriptionStatus).toBe("expired");
  });

  it("undoes the renewal stop of a ban that failed, and bans a member with no membership", async () => {
    const { user } = await member();
    const other = await member();
    const reporter = await member();
    const report = await call("POST", "/api/users/report", reporter.session, {
      reportedId: other.user.username,
      reason: "spam",
    });
    // A report about someone else: the ban is refused, and the membership renews as before.
    expect((await ban(user.id, { reason: "Spam", reportId: report.json().id })).statusCode).toBe(400);
    expect(await row(user.id)).toMatchObject({ status: "active", stoppedByBanAt: null });

    const lapsed = await buildUser(app(), { subscribed: false });
    const banned = await ban(lapsed.id);
    expect(banned.json()).toMatchObject({
      membership: "none",
      activeUntil: null,
      message: "Member banned: every session ended",
    });
    expect((await lastEmail(lapsed.email, "account_suspended")).textBody).not.toContain("membership");
    expect((await unban(lapsed.id)).json()).toEqual({
      message: "Ban lifted: the member can sign in again",
      membership: "none",
    });
  });

  it("tells a banned member's session that it is suspended, every time, and nobody else", async () => {
    const { user, session } = await member();
    const earlier = await loginAs(app(), user);
    expect((await call("GET", "/api/logout", earlier)).statusCode).toBeLessThan(400);
    t().clock.set(new Date(app().ctx.clock.now().getTime() + 1_000));
    expect((await ban(user.id, { reason: "Step manipulation." })).statusCode).toBe(200);

    const suspended = {
      code: "ACCOUNT_SUSPENDED",
      message: "This account is suspended: Step manipulation. Contact support.",
      sessionInvalid: true,
      suspended: true,
    };
    for (let i = 0; i < 2; i++) {
      const res = await call("GET", "/api/auth/user", session);
      expect([res.statusCode, res.json()]).toEqual([401, suspended]);
    }
    const sync = await call("POST", "/api/steps", session, {
      steps: 10,
      timestamp: app().ctx.clock.now().toISOString(),
      batchId: randomUUID(),
    });
    expect([sync.statusCode, sync.json().code]).toEqual([401, "ACCOUNT_SUSPENDED"]);
    // Signed out before the ban, or on another device: only that the session is over.
    expect((await call("GET", "/api/auth/user", earlier)).json().code).toBe("SESSION_INVALID");
    const elsewhere = { ...session.headers, "x-device-fingerprint": "another-device-0001" };
    const res = await app().inject({ method: "GET", url: "/api/auth/user", headers: elsewhere });
    expect(res.json().code).toBe("SESSION_INVALID");

    await unban(user.id);
    expect((await call("GET", "/api/auth/user", session)).json().code).toBe("SESSION_INVALID");
  });
});
