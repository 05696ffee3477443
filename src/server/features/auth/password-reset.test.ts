import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, passwordResets } from "../../db/schema";
import { buildUser, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

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
    // Exactly as typed, spaces included (one rule for every password form): what a password
    // manager saved signs in, and the trimmed text does not.
    await loginAs(t().app, { username: user.username, password: "  brand-new-pass  " });
    const trimmed = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-device-fingerprint": "resetphone1" },
      payload: { username: user.username, password: "brand-new-pass" },
    });
    expect(trimmed.statusCode).toBe(401);

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
