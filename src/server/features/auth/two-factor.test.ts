// Two-factor sign-in (issue 30, item 4): set-up, sign-in's second step, recovery codes, turning off,
// races and every refusal. The admin requirement, limits and logs: two-factor-admin.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pendingSignIns, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { buildUser, DEVICE, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { REUSED_CODE, SIGN_IN_EXPIRED, WRONG_CODE, WRONG_RECOVERY_CODE } from "./two-factor.service";
import { kit, STEP_MS } from "./two-factor-test-kit";

describe("two-factor sign-in: set-up, sign-in, recovery codes, turning off", () => {
  const t = useTestApp();
  const { app, codeAt, post, enable, passwordStep, secondStep, sessionOf, auditOf } = kit(t);

  it("refuses a visitor with 401 on every member route, before the body", async () => {
    for (const url of [
      "/api/user/two-factor/setup",
      "/api/user/two-factor/confirm",
      "/api/user/two-factor/disable",
      "/api/user/two-factor/recovery-codes",
    ]) {
      const res = await post(null, url, { code: "bad" });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await app().inject({ method: "GET", url: "/api/user/two-factor" })).statusCode).toBe(401);
  });

  it("sets up with a QR code and the secret, refuses a wrong code, then turns on with 10 recovery codes shown once", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const setup = await post(session, "/api/user/two-factor/setup");
    expect(setup.statusCode).toBe(200);
    expect(setup.headers["cache-control"]).toBe("no-store");
    const body = setup.json() as { secret: string; otpauthUri: string; qrCode: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toContain("issuer=StepRace");
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrongCode = String((Number(codeAt(body.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await post(session, "/api/user/two-factor/confirm", { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: WRONG_CODE, details: [{ path: "code" }] });
    const letters = await post(session, "/api/user/two-factor/confirm", { code: "12ab56" });
    expect(letters.statusCode).toBe(400);
    let me = await app().inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.json().twoFactorEnabled).toBe(false);

    const ok = await post(session, "/api/user/two-factor/confirm", { code: codeAt(body.secret) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    me = await app().inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.json().twoFactorEnabled).toBe(true);
    const status = await app().inject({
      method: "GET",
      url: "/api/user/two-factor",
      headers: session.headers,
    });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Stored hashed only; a second set-up is refused while on (the secret is not replaced).
    const stored = await app()
      .ctx.db.select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
    expect((await post(session, "/api/user/two-factor/setup")).statusCode).toBe(409);
    const [secretRow] = await app()
      .ctx.db.select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    expect(secretRow.secret).toBe(body.secret);

    // The audit says it was turned on, and holds no secret or code.
    const audit = await auditOf(user.id);
    expect(audit.map((a) => [a.action, a.actor, a.adminId])).toEqual([
      ["two_factor.enabled", "member", user.id],
    ]);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(body.secret);
    for (const c of recoveryCodes) expect(text).not.toContain(c);
  });

  it("signs in only after the code, on its own step; a reused code is refused, the next one works", async () => {
    const user = await buildUser(app());
    const { secret } = await enable(await loginAs(app(), user));
    const pending = await passwordStep(user);
    const code = codeAt(secret);
    const res = await secondStep(pending, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, twoFactorEnabled: true });
    const session = sessionOf(res, pending.fingerprint);
    expect(
      (await app().inject({ method: "GET", url: "/api/auth/user", headers: session.headers })).statusCode,
    ).toBe(200);
    // The pending sign-in is used up: replaying it, even with a fresh code, is refused.
    t().clock.advance(STEP_MS);
    const replay = await secondStep(pending, { code: codeAt(secret) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "TWO_FACTOR_EXPIRED", message: SIGN_IN_EXPIRED });

    // The code of the step just used (and an older one) cannot sign in again.
    const again = await passwordStep(user);
    const reused = await secondStep(again, {
      code: codeAt(secret, new Date(t().clock.now().getTime() - STEP_MS)),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: REUSED_CODE });
    expect((await secondStep(again, { code: codeAt(secret) })).statusCode).toBe(200);
    const sameAgain = await secondStep(await passwordStep(user), { code: codeAt(secret) });
    expect(sameAgain.json()).toMatchObject({ message: REUSED_CODE });
  });

  it("signs in with a recovery code once; a used or unknown one is refused; the audit records its use", async () => {
    const user = await buildUser(app());
    const { recoveryCodes } = await enable(await loginAs(app(), user));
    // Typed in lower case with spaces: the same code.
    const typed = recoveryCodes[3].toLowerCase().replace("-", " ");
    const ok = await secondStep(await passwordStep(user), { recoveryCode: typed });
    expect(ok.statusCode).toBe(200);
    const used = await secondStep(await passwordStep(user), { recoveryCode: recoveryCodes[3] });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ message: WRONG_RECOVERY_CODE, details: [{ path: "recoveryCode" }] });
    const unknown = await secondStep(await passwordStep(user), { recoveryCode: "ABCDE-23456" });
    expect(unknown.json()).toMatchObject({ message: WRONG_RECOVERY_CODE });
    const neither = await secondStep(await passwordStep(user), {});
    expect(neither.statusCode).toBe(400);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(["two_factor.enabled", "recovery_code.used"]);
    expect(audit[1].details).toEqual({ recoveryCodesLeft: 9 });
    expect(JSON.stringify(audit)).not.toContain(recoveryCodes[3]);
  });

  it("a pending sign-in dies after 5 wrong codes, after 5 minutes, and on another device", async () => {
    const user = await buildUser(app());
    const { secret } = await enable(await loginAs(app(), user));
    const pending = await passwordStep(user);
    for (let i = 0; i < 4; i++) {
      expect((await secondStep(pending, { code: "000000" })).json()).toMatchObject({ message: WRONG_CODE });
    }
    const fifth = await secondStep(pending, { code: "000000" });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ code: "TWO_FACTOR_EXPIRED" });
    expect((await secondStep(pending, { code: codeAt(secret) })).statusCode).toBe(401);

    const slow = await passwordStep(user);
    t().clock.advance(5 * 60_000 + 1);
    expect((await secondStep(slow, { code: codeAt(secret) })).json()).toMatchObject({
      code: "TWO_FACTOR_EXPIRED",
    });

    const elsewhere = await passwordStep(user);
    const stolen = await secondStep(
      { ...elsewhere, fingerprint: "otherdevice0002" },
      { code: codeAt(secret) },
    );
    expect(stolen.statusCode).toBe(401);
    const noCookie = await app().inject({
      method: "POST",
      url: "/api/auth/login/two-factor",
      headers: DEVICE,
      payload: { code: codeAt(secret) },
    });
    expect(noCookie.statusCode).toBe(401);
    // The refusals did not spend the code: the rightful device still signs in with it.
    expect((await secondStep(elsewhere, { code: codeAt(secret) })).statusCode).toBe(200);
    const rows = await app().ctx.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("another member's code or recovery code never signs a member in, nor turns their two-factor off", async () => {
    const alice = await buildUser(app());
    const bob = await buildUser(app());
    const aliceSession = await loginAs(app(), alice);
    const a = await enable(aliceSession);
    const b = await enable(await loginAs(app(), bob));
    expect(codeAt(a.secret)).not.toBe(codeAt(b.secret));
    const pending = await passwordStep(alice);
    expect((await secondStep(pending, { code: codeAt(b.secret) })).json()).toMatchObject({
      message: WRONG_CODE,
    });
    expect((await secondStep(pending, { recoveryCode: b.recoveryCodes[0] })).json()).toMatchObject({
      message: WRONG_RECOVERY_CODE,
    });
    const off = await post(aliceSession, "/api/user/two-factor/disable", { code: codeAt(b.secret) });
    expect(off.statusCode).toBe(400);
    const me = await app().inject({ method: "GET", url: "/api/auth/user", headers: aliceSession.headers });
    expect(me.json().twoFactorEnabled).toBe(true);
    // Bob's recovery code is still his to use.
    expect((await secondStep(await passwordStep(bob), { recoveryCode: b.recoveryCodes[0] })).statusCode).toBe(
      200,
    );
  });

  it("turning off needs a code or a recovery code; then the password alone signs in", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const { secret, recoveryCodes } = await enable(session);
    expect((await post(session, "/api/user/two-factor/disable", {})).statusCode).toBe(400);
    expect((await post(session, "/api/user/two-factor/disable", { code: "000000" })).json()).toMatchObject({
      message: WRONG_CODE,
    });
    const off = await post(session, "/api/user/two-factor/disable", { code: codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect((await post(session, "/api/user/two-factor/disable", { code: codeAt(secret) })).statusCode).toBe(
      409,
    );
    const login = await app().inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username: user.username, password: user.password },
    });
    expect(login.json()).toMatchObject({ username: user.username, twoFactorEnabled: false });
    expect(
      await app().ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id)),
    ).toEqual([]);

    // On again, off with a recovery code this time; both ways are in the audit, without codes.
    const second = await enable(session);
    const byRecovery = await post(session, "/api/user/two-factor/disable", {
      recoveryCode: second.recoveryCodes[0],
    });
    expect(byRecovery.statusCode).toBe(200);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["two_factor.enabled", null],
      ["two_factor.disabled", { via: "code" }],
      ["two_factor.enabled", null],
      ["recovery_code.used", { recoveryCodesLeft: 9 }],
      ["two_factor.disabled", { via: "recovery_code" }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(recoveryCodes[0]);
  });

  it("new recovery codes need a code; the old ones stop working", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const { secret, recoveryCodes } = await enable(session);
    expect((await post(session, "/api/user/two-factor/recovery-codes", { code: "000000" })).statusCode).toBe(
      400,
    );
    const res = await post(session, "/api/user/two-factor/recovery-codes", { code: codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await passwordStep(user), { recoveryCode: recoveryCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await secondStep(await passwordStep(user), { recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it("a deleted account keeps no secret or recovery code", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    await enable(session);
    const res = await app().inject({
      method: "DELETE",
      url: "/api/user/account",
      headers: session.headers,
      payload: { currentPassword: user.password },
    });
    expect(res.statusCode).toBe(200);
    const db = app().ctx.db;
    expect(await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id))).toEqual([]);
    expect(
      await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);
  });

  it("two devices racing with the same code: exactly one signs in", async () => {
    const user = await buildUser(app());
    const { secret } = await enable(await loginAs(app(), user));
    const one = await passwordStep(user, "racedevice0001");
    const two = await passwordStep(user, "racedevice0002");
    const code = codeAt(secret);
    const answers = await Promise.all([secondStep(one, { code }), secondStep(two, { code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("two devices racing with the same recovery code: exactly one signs in, and it is used once", async () => {
    const user = await buildUser(app());
    const { recoveryCodes } = await enable(await loginAs(app(), user));
    const one = await passwordStep(user, "racedevice0003");
    const two = await passwordStep(user, "racedevice0004");
    const recoveryCode = recoveryCodes[5];
    const answers = await Promise.all([secondStep(one, { recoveryCode }), secondStep(two, { recoveryCode })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const used = (await auditOf(user.id)).filter((a) => a.action === "recovery_code.used");
    expect(used).toHaveLength(1);
  });

  it("the OpenAPI document lists every two-factor call", async () => {
    const doc = (await app().inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    for (const path of [
      "/api/user/two-factor",
      "/api/user/two-factor/setup",
      "/api/user/two-factor/confirm",
      "/api/user/two-factor/disable",
      "/api/user/two-factor/recovery-codes",
      "/api/auth/login/two-factor",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it("the admin member page says whether two-factor is on", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const member = await buildUser(app());
    const page = async () =>
      (
        await app().inject({ method: "GET", url: `/api/admin/users/${member.id}`, headers: admin.headers })
      ).json().profile.twoFactorEnabled;
    expect(await page()).toBe(false);
    await enable(await loginAs(app(), member));
    expect(await page()).toBe(true);
  });

  it("admins are not asked for two-factor where ADMIN_REQUIRE_2FA is off (the default outside production)", async () => {
    expect(app().ctx.config.adminRequire2fa).toBe(false);
    const admin = await buildUser(app(), { isAdmin: true });
    const res = await app().inject({
      method: "GET",
      url: "/api/admin/audit-log",
      headers: (await loginAs(app(), admin)).headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
