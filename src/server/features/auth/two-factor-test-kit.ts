// Helpers of the two-factor API tests: codes computed with otpauth at the test app's clock.
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { adminAuditLog } from "../../db/schema";
import { type BuiltUser, DEVICE, type Session } from "../../test/factories";
import type { TestApp } from "../../test/test-app";

export const STEP_MS = 30_000;

/** The helpers every describe below shares, on its own app. */
export function kit(t: () => TestApp) {
  const app = () => t().app;
  const codeAt = (secret: string, at = t().clock.now()) =>
    new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
      timestamp: at.getTime(),
    });
  const post = (s: Session | null, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app().inject({
      method: "POST",
      url,
      headers: { ...(s?.headers ?? DEVICE), ...headers },
      payload: payload ?? {},
    });

  /** Turns two-factor on for a signed-in member; answers the secret and the recovery codes. */
  async function enable(session: Session) {
    const setup = await post(session, "/api/user/two-factor/setup");
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await post(session, "/api/user/two-factor/confirm", { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    // The next code from the app is a new time step (the set-up's code is spent).
    t().clock.advance(STEP_MS);
    return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  /** The password step; answers the pending sign-in's cookie header for the second step. */
  async function passwordStep(user: BuiltUser, fingerprint = DEVICE["x-device-fingerprint"]) {
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-device-fingerprint": fingerprint },
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRequired: true });
    const cookies = [res.headers["set-cookie"]].flat().filter((c): c is string => typeof c === "string");
    expect(cookies.some((c) => c.startsWith("sr_session="))).toBe(false);
    const pending = cookies.find((c) => c.startsWith("sr_2fa="));
    if (!pending) throw new Error("no pending sign-in cookie");
    expect(pending).toMatch(/HttpOnly/i);
    return { cookie: pending.split(";")[0], fingerprint };
  }

  const secondStep = (pending: { cookie: string; fingerprint: string }, payload: object) =>
    app().inject({
      method: "POST",
      url: "/api/auth/login/two-factor",
      headers: { cookie: pending.cookie, "x-device-fingerprint": pending.fingerprint },
      payload,
    });

  const sessionOf = (res: { headers: Record<string, unknown> }, fingerprint: string): Session => {
    const all = [res.headers["set-cookie"]].flat() as string[];
    const cookie = all.find((c) => c.startsWith("sr_session="))?.split(";")[0];
    if (!cookie) throw new Error("no session cookie");
    return { cookie, fingerprint, headers: { cookie, "x-device-fingerprint": fingerprint } };
  };

  const auditOf = (userId: number) =>
    app()
      .ctx.db.select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, userId))
      .orderBy(adminAuditLog.id);

  return { app, codeAt, post, enable, passwordStep, secondStep, sessionOf, auditOf };
}
