import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, passwordResets, sessions, users } from "../../db/schema";
import { buildUser, DEVICE, loginAs, sessionCookieFrom } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const registration = (over: Record<string, unknown> = {}) => ({
  firstName: "Rita",
  lastName: "Runner",
  username: `rita${Math.random().toString(36).slice(2, 8)}`,
  email: `rita${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: "walk-a-mile-1",
  confirmPassword: "walk-a-mile-1",
  timeZone: "Europe/Berlin",
  ...over,
});

describe("register", () => {
  const t = useTestApp();

  it("creates the member, signs them in and sends a welcome email", async () => {
    const body = registration();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: body.username,
      firstName: "Rita",
      subscriptionStatus: "inactive",
      rulesAccepted: false,
      isAdmin: false,
      balance: "0.00",
      timeZone: "Europe/Berlin",
    });
    expect(user).not.toHaveProperty("passwordHash");
    const cookie = sessionCookieFrom(res.headers["set-cookie"]);
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: { ...DEVICE, cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(body.username);
    const [mail] = await t().app.ctx.db.select().from(emails).where(eq(emails.toAddress, body.email));
    expect(mail.template).toBe("welcome");
    expect(mail.transport).toBe("outbox");
    expect(mail.textBody).toContain("Hi Rita");
  });

  it("refuses a taken username or email, whatever the case, with 409", async () => {
    const body = registration();
    await t().app.inject({ method: "POST", url: "/api/auth/register", headers: DEVICE, payload: body });
    const again = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: registration({ username: body.username.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "CONFLICT", message: "Username already taken" });
    const sameEmail = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: registration({ email: body.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe("Email already registered");
  });

  it.each([
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ confirmPassword: "different-1" }, "confirmPassword", "Passwords don't match"],
    [
      { password: "short", confirmPassword: "short" },
      "password",
      "Password must be at least 8 characters long",
    ],
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ username: "bad name!" }, "username", undefined],
    [{ timeZone: "Mars/Olympus" }, "timeZone", "Unknown time zone"],
  ])("answers 400 with details for %o", async (over, path, message) => {
    const before = await t().app.ctx.db.$count(users);
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: registration(over),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    const detail = body.details.find((d: { path: string }) => d.path === path);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect(await t().app.ctx.db.$count(users)).toBe(before);
  });

  it("answers 400 when a field is missing", async () => {
    const { email: _omit, ...rest } = registration();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: rest,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe("email");
  });
});

describe("login and sessions", () => {
  const t = useTestApp();

  it("signs in with username or email and binds the session to the device", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user, "devicefingerprintAAAA");
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, subscriptionStatus: "active", rulesAccepted: true });

    const byEmail = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username: user.email.toUpperCase(), password: user.password },
    });
    expect(byEmail.statusCode).toBe(200);

    const [row] = await t()
      .app.ctx.db.select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt)
      .limit(1);
    // Only the hash of the cookie token is stored.
    expect(session.cookie).not.toContain(row.tokenHash);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 401 deviceChanged when the session is used from another device", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user, "phoneA");
    const res = await t().app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: session.cookie, "x-device-fingerprint": "phoneB" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "DEVICE_CHANGED", deviceChanged: true });
  });

  it("refuses a session presented without the device header, clears the cookie, and logout still revokes it", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user, "phoneA");
    const bare = await t().app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: session.cookie },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: "DEVICE_CHANGED", deviceChanged: true });
    expect(String(bare.headers["set-cookie"])).toMatch(/sr_session=;/);

    // A full-page Sign Out carries no header: it must still end the session on the server.
    await t().app.inject({ method: "GET", url: "/api/logout", headers: { cookie: session.cookie } });
    const after = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(after.json()).toMatchObject({ code: "SESSION_INVALID" });
  });

  it("refuses to sign in or register without a device fingerprint", async () => {
    const user = await buildUser(t().app);
    const login = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().details[0].path).toBe("deviceFingerprint");
    const before = await t().app.ctx.db.$count(users);
    const reg = await t().app.inject({ method: "POST", url: "/api/auth/register", payload: registration() });
    expect(reg.statusCode).toBe(400);
    expect(await t().app.ctx.db.$count(users)).toBe(before);
  });

  it("answers one 201 and one 409 when the same username registers twice at once", async () => {
    const body = registration();
    const results = await Promise.all(
      [body, { ...body, email: `other-${body.email}` }].map((payload) =>
        t().app.inject({ method: "POST", url: "/api/auth/register", headers: DEVICE, payload }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("answers 'Invalid username or password' for a wrong password or unknown user", async () => {
    const user = await buildUser(t().app);
    for (const payload of [
      { username: user.username, password: "wrong-password" },
      { username: "nobody-here", password: "whatever-1" },
    ]) {
      const res = await t().app.inject({ method: "POST", url: "/api/auth/login", headers: DEVICE, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Invalid username or password");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers 400 for an empty login form", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username: "", password: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(["username", "password"]);
  });

  it("answers 401 UNAUTHENTICATED without a session and sessionInvalid after logout", async () => {
    const anon = await t().app.inject({ method: "GET", url: "/api/auth/user" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe("UNAUTHENTICATED");

    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const out = await t().app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: session.cookie },
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe("/");
    const after = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "SESSION_INVALID", sessionInvalid: true });
  });

  it("expires a session after 30 days without use", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    t().clock.advance(31 * 24 * 3600 * 1000);
    const res = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().sessionInvalid).toBe(true);
    t().clock.advance(-31 * 24 * 3600 * 1000);
  });

  it("navigates /api/login to the sign-in page", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login");
  });

  it("answers the admin check for members and admins, 401 for visitors", async () => {
    const member = await buildUser(t().app);
    const admin = await buildUser(t().app, { isAdmin: true });
    const m = await t().app.inject({
      url: "/api/admin/check",
      headers: (await loginAs(t().app, member)).headers,
    });
    const a = await t().app.inject({
      url: "/api/admin/check",
      headers: (await loginAs(t().app, admin)).headers,
    });
    expect(m.json()).toBe(false);
    expect(a.json()).toBe(true);
    expect((await t().app.inject({ url: "/api/admin/check" })).statusCode).toBe(401);
  });
});

describe("password reset", () => {
  const t = useTestApp();

  async function latestResetLink(email: string): Promise<string> {
    const [mail] = await t()
      .app.ctx.db.select()
      .from(emails)
      .where(eq(emails.toAddress, email))
      .orderBy(desc(emails.id))
      .limit(1);
    expect(mail.template).toBe("password_reset");
    const link = /(http\S+reset-password\?token=\S+)/.exec(mail.textBody)?.[1];
    if (!link) throw new Error("no link in the email");
    return link;
  }

  it("answers the same for known and unknown emails, and only emails the known one", async () => {
    const user = await buildUser(t().app);
    const known = await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    const unknown = await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "ghost@example.test" },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await t().app.ctx.db.$count(emails, eq(emails.toAddress, "ghost@example.test"))).toBe(0);
    expect(await latestResetLink(user.email)).toContain("/reset-password?token=");
  });

  it("resets the password once, signs out every session, and refuses the token again", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    const token = new URL(await latestResetLink(user.email)).searchParams.get("token");

    const reset = await t().app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "  brand-new-pass  " },
    });
    expect(reset.statusCode).toBe(200);

    const old = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(old.json()).toMatchObject({ sessionInvalid: true });
    // The password is trimmed before it is stored.
    await loginAs(t().app, { username: user.username, password: "brand-new-pass" });

    const again = await t().app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "another-pass-1" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This password reset link is invalid or expired.");
  });

  it("refuses an expired token and a short password", async () => {
    const user = await buildUser(t().app);
    await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    const token = new URL(await latestResetLink(user.email)).searchParams.get("token");

    const short = await t().app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "short" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].message).toBe("Password must be at least 8 characters long");

    t().clock.advance(61 * 60 * 1000);
    const late = await t().app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "long-enough-1" },
    });
    expect(late.statusCode).toBe(400);
    expect(await t().app.ctx.db.$count(passwordResets)).toBeGreaterThan(0);
    t().clock.advance(-61 * 60 * 1000);
  });

  it("answers 400 for an empty forgot-password email", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "  " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe("Please enter your email address");
  });
});

describe("store-invite", () => {
  const t = useTestApp();

  it("keeps a visitor's invite code and attaches it to the account they create", async () => {
    const stored = await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      payload: { inviteCode: "GRP-abc123", type: "group" },
    });
    expect(stored.statusCode).toBe(200);
    const inviteCookie = (stored.headers["set-cookie"] as string).split(";")[0];
    expect(inviteCookie).toMatch(/^sr_invite=/);

    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { ...DEVICE, cookie: inviteCookie },
      payload: registration(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row).toMatchObject({ pendingInviteCode: "GRP-abc123", pendingInviteType: "group" });
  });

  it("ignores a forged invite cookie", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: {
        ...DEVICE,
        cookie: `sr_invite=${encodeURIComponent('{"inviteCode":"EVIL1234","type":"group"}')}`,
      },
      payload: registration(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row.pendingInviteCode).toBeNull();
  });

  it("stores the code on a signed-in member", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      headers: session.headers,
      payload: { inviteCode: "COMP9876", type: "competition" },
    });
    const [row] = await t().app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ pendingInviteCode: "COMP9876", pendingInviteType: "competition" });
  });

  it.each([
    [{ inviteCode: "ab", type: "group" }, "inviteCode"],
    [{ inviteCode: "abcd1234", type: "club" }, "type"],
    [{ inviteCode: "bad code!", type: "group" }, "inviteCode"],
  ])("answers 400 for %o", async (payload, path) => {
    const res = await t().app.inject({ method: "POST", url: "/api/auth/store-invite", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe(path);
  });
});

describe("emailed links", () => {
  const t = useTestApp();

  it("never build a reset link from a forged Host header", async () => {
    const user = await buildUser(t().app);
    await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      payload: { email: user.email },
    });
    const [mail] = await t().app.ctx.db.select().from(emails).where(eq(emails.toAddress, user.email));
    expect(mail.textBody).not.toContain("evil.example");
    expect(mail.textBody).toContain(`${t().app.ctx.config.appUrl}/reset-password?token=`);
  });
});
