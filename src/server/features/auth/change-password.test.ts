import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, passwordResets } from "../../db/schema";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { lastEmailTo } from "../../test/mail";
import { useTestApp } from "../../test/test-app";
import { WRONG_CURRENT_PASSWORD } from "./account.service";

describe("change password (POST /api/user/password)", () => {
  const t = useTestApp({ SUPPORT_EMAIL: "help@steprace.test" });
  const app = () => t().app;
  const change = (s: Session | null, payload: Record<string, unknown>) =>
    app().inject({ method: "POST", url: "/api/user/password", headers: s?.headers ?? DEVICE, payload });
  const me = (s: Session) => app().inject({ method: "GET", url: "/api/auth/user", headers: s.headers });
  const login = (username: string, password: string) =>
    app().inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username, password },
    });
  const body = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });
  const lastEmail = (to: string, template: string) => lastEmailTo(app().ctx.db, to, template);

  it("refuses a visitor with 401 and changes nothing", async () => {
    const res = await change(null, body("whatever-1", "new-password-1"));
    expect(res.statusCode).toBe(401);
  });

  it("refuses a wrong current password with 400 under its field, and the old password still works", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const res = await change(session, body(`${user.password}x`, "new-password-1"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      details: [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }],
    });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect((await login(user.username, "new-password-1")).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(200);
  });

  it.each([
    ["a short new password", (p: string) => body(p, "short"), "newPassword", /at least 8 characters/],
    [
      "passwords that differ",
      (p: string) => body(p, "new-password-1", "new-password-2"),
      "confirmPassword",
      /match/,
    ],
    ["the same password again", (p: string) => body(p, p), "newPassword", /different/],
    ["no current password", () => body("", "new-password-1"), "currentPassword", /current password/],
  ])("refuses %s with 400 and the registration rules", async (_, make, path, message) => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const res = await change(session, make(user.password));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.json().details).toContainEqual({ path, message: expect.stringMatching(message) });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it("ends every other session, keeps this one, drops open reset links and emails the member", async () => {
    const user = await buildUser(app());
    const here = await loginAs(app(), user);
    const phone = await loginAs(app(), user, "otherphone1");
    await app().inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    const res = await change(here, body(user.password, "a whole new phrase"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Password changed. You were signed out on 1 other device.");

    expect((await me(here)).statusCode).toBe(200);
    const other = await me(phone);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ sessionInvalid: true });
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, "a whole new phrase")).statusCode).toBe(200);
    const open = await app().ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(open.every((r) => r.usedAt !== null)).toBe(true);

    const mail = await lastEmail(user.email, "password_changed");
    expect(mail.subject).toBe("Your StepRace password was changed");
    expect(mail.textBody).toContain("If it was not you, reset your password now");
    expect(mail.textBody).toContain("/forgot-password");
    expect(mail.textBody).toContain("help@steprace.test");
    // Neither password is ever in a message.
    expect(mail.textBody).not.toContain("a whole new phrase");
    expect(mail.textBody).not.toContain(user.password);
    // In the audit log, on the member's own page, without any secret.
    const logged = await app()
      .ctx.db.select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.targetUserId, user.id), eq(adminAuditLog.action, "account.password_changed")),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ adminId: user.id, details: { otherSessionsEnded: 1 } });
    expect(JSON.stringify(logged[0])).not.toContain("a whole new phrase");
  });

  it("uses passwords exactly as typed: spaces count on change and sign-in alike", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    expect((await change(session, body(user.password, "secret12 "))).statusCode).toBe(200);
    expect((await login(user.username, "secret12 ")).statusCode).toBe(200);
    expect((await login(user.username, "secret12")).statusCode).toBe(401);
    // The current password is compared as typed too.
    const trimmed = await change(session, body("secret12", "another-one-1"));
    expect(trimmed.statusCode).toBe(400);
    expect((await change(session, body("secret12 ", "another-one-1"))).statusCode).toBe(200);
  });
});

describe("change password attempts", () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: "3" });

  it("are limited like sign-in: a fourth guess of the current password in a minute is 429", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/user/password",
        headers: session.headers,
        payload: {
          currentPassword: `guess-${i}-wrong`,
          newPassword: "long-enough-1",
          confirmPassword: "long-enough-1",
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});
