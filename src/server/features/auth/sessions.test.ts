import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { buildUser, DEVICE, loginAs, registration } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

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

  it("remembers the language the browser names at registration, and ignores one that is not a language", async () => {
    const localeOf = async (language: string) => {
      const payload = registration();
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { ...DEVICE, "accept-language": language },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t()
        .app.ctx.db.select({ locale: users.locale })
        .from(users)
        .where(eq(users.username, payload.username));
      return row.locale;
    };
    expect(await localeOf("fr-ca;q=0.9, de;q=0.5")).toBe("fr-CA");
    expect(await localeOf("!!, *")).toBeNull();
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
