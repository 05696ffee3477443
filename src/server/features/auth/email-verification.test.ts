import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_NOT_VERIFIED_MESSAGE } from "../../../core/schemas/auth";
import { emails } from "../../db/schema";
import { buildUser, DEVICE, loginAs, type Session, sessionCookieFrom } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const DAY = 24 * 3600_000;

describe("verified email (issue 30, item 2)", () => {
  const t = useTestApp({ SUPPORT_EMAIL: "help@steprace.test" });
  const app = () => t().app;
  const post = (url: string, s: Session | null, payload: object = {}) =>
    app().inject({ method: "POST", url, headers: s?.headers ?? DEVICE, payload });
  const me = async (s: Session) =>
    (await app().inject({ method: "GET", url: "/api/auth/user", headers: s.headers })).json();
  const mailsTo = (to: string, template: string) =>
    app()
      .ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, to), eq(emails.template, template)))
      .orderBy(desc(emails.id));
  const tokenIn = async (to: string) => {
    const [mail] = await mailsTo(to, "verify_email");
    const link = /(http\S+\/verify-email\?token=\S+)/.exec(mail?.textBody ?? "")?.[1];
    if (!link) throw new Error(`no verification link to ${to}`);
    return new URL(link).searchParams.get("token") ?? "";
  };
  const editProfile = (s: Session, email: string, currentPassword?: string) =>
    app().inject({
      method: "PATCH",
      url: "/api/user/profile",
      headers: s.headers,
      payload: {
        firstName: "Test",
        lastName: "Member",
        email,
        ...(currentPassword ? { currentPassword } : {}),
      },
    });

  /** Registers through the form's route, as a new member does. */
  async function register() {
    const name = `verify${Math.random().toString(36).slice(2, 8)}`;
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "x-device-fingerprint": "verifyphone01" },
      payload: {
        firstName: "Vera",
        lastName: "Fied",
        username: name,
        email: `${name}@example.test`,
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = sessionCookieFrom(res.headers["set-cookie"]);
    const session = {
      cookie,
      fingerprint: "verifyphone01",
      headers: { cookie, "x-device-fingerprint": "verifyphone01" },
    };
    return { email: `${name}@example.test`, session, user: res.json() };
  }

  it("sends a link at registration; until it is opened no gift card can be redeemed", async () => {
    const { email, session, user } = await register();
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null });
    const [mail] = await mailsTo(email, "verify_email");
    expect(mail.subject).toBe("Please verify your StepRace email");

    for (const [url, body] of [
      ["/api/rewards/redeem", { giftCardId: 1, deliveryEmail: email }],
      ["/api/fitcoin/redeem", { giftCardOfferId: 1, amount: 50 }],
    ] as const) {
      const refused = await post(url, session, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: EMAIL_NOT_VERIFIED_MESSAGE, code: "EMAIL_NOT_VERIFIED" });
    }

    const token = await tokenIn(email);
    const verified = await post("/api/auth/verify-email", null, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe("Thank you: your email address is verified.");
    expect(await me(session)).toMatchObject({ emailVerified: true, email });
    // Past the check now: what answers is the gift card's own rule, not the email's.
    expect(
      (await post("/api/rewards/redeem", session, { giftCardId: 999999, deliveryEmail: email })).statusCode,
    ).toBe(404);
    // Single use.
    const again = await post("/api/auth/verify-email", null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This verification link is invalid, expired or already used.");
  });

  it("refuses a link after 24 hours and an unknown token; a new link works", async () => {
    const { email, session } = await register();
    const old = await tokenIn(email);
    t().clock.set(new Date(t().clock.now().getTime() + DAY + 60_000));
    expect((await post("/api/auth/verify-email", null, { token: old })).statusCode).toBe(400);
    expect((await post("/api/auth/verify-email", null, { token: "not-a-real-token" })).statusCode).toBe(400);
    expect((await post("/api/auth/verify-email", null, {})).statusCode).toBe(400);
    expect((await me(session)).emailVerified).toBe(false);

    const resent = await post("/api/auth/resend-verification", session);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(`We sent a new link to ${email}. It works for 24 hours.`);
    expect((await post("/api/auth/verify-email", null, { token: await tokenIn(email) })).statusCode).toBe(
      200,
    );
    expect((await post("/api/auth/resend-verification", session)).json().message).toBe(
      "Your email address is already verified.",
    );
    expect((await post("/api/auth/resend-verification", null)).statusCode).toBe(401);
  });

  it("changes the email only with the password, and only once the new address is verified; the old one is told", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const next = `new-${user.email}`;
    const noPassword = await editProfile(session, next);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().details).toEqual([
      { path: "currentPassword", message: "Enter your current password to change your email address." },
    ]);
    expect((await editProfile(session, next, "wrong-password")).statusCode).toBe(400);
    expect(await mailsTo(next, "verify_email")).toHaveLength(0);

    const asked = await editProfile(session, next, user.password);
    expect(asked.statusCode, asked.body).toBe(200);
    // Still the old address, verified; the new one waits for its link.
    expect(asked.json()).toMatchObject({ email: user.email, emailVerified: true, pendingEmail: next });
    const [link] = await mailsTo(next, "verify_email");
    expect(link.subject).toBe("Confirm your new StepRace email");

    const done = await post("/api/auth/verify-email", null, { token: await tokenIn(next) });
    expect(done.json().message).toBe(`Your email address is now ${next}.`);
    expect(await me(session)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    const [notice] = await mailsTo(user.email, "email_changed");
    expect(notice.textBody).toContain(`changed to ${next}`);
    expect(notice.textBody).toContain("help@steprace.test");
    // The same address again (any case) is no change: no password needed.
    expect((await editProfile(session, next.toUpperCase())).statusCode).toBe(200);
  });

  it("refuses an address another account holds, at the request and when the link is opened", async () => {
    const user = await buildUser(app());
    const other = await buildUser(app());
    const session = await loginAs(app(), user);
    expect((await editProfile(session, other.email, user.password)).statusCode).toBe(409);

    const wanted = `wanted-${user.email}`;
    expect((await editProfile(session, wanted, user.password)).statusCode).toBe(200);
    // Someone else takes the address before the link is opened.
    const rival = await loginAs(app(), other);
    expect((await editProfile(rival, wanted, other.password)).statusCode).toBe(200);
    expect((await post("/api/auth/verify-email", null, { token: await tokenIn(wanted) })).statusCode).toBe(
      200,
    );
    const mine = await post("/api/auth/verify-email", null, {
      token: (await mailsTo(wanted, "verify_email")).at(-1)?.textBody.match(/token=(\S+)/)?.[1] ?? "",
    });
    expect(mine.statusCode).toBe(409);
    expect((await me(session)).email).toBe(user.email);
  });
});

describe("verification links", () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: "3" });

  it("are resent at most as often as sign-in is tried", async () => {
    const session = await loginAs(t().app, await buildUser(t().app, { emailVerified: false }));
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/auth/resend-verification",
            headers: session.headers,
            payload: {},
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
