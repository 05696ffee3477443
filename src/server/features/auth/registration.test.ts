import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, users } from "../../db/schema";
import { buildUser, DEVICE, loginAs, registration, sessionCookieFrom } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

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
