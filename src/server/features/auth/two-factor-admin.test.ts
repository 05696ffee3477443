// Two-factor (issue 30, item 4): admin calls need it where ADMIN_REQUIRE_2FA is on, code attempts
// are limited like sign-in, and no secret, code or token reaches the log.
import { describe, expect, it } from "vitest";
import { buildCompetition, buildUser, DEVICE, fundedMember, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { kit, STEP_MS } from "./two-factor-test-kit";

describe("two-factor: admin calls need it where ADMIN_REQUIRE_2FA is on", () => {
  const t = useTestApp({ ADMIN_REQUIRE_2FA: "1" });
  const { app, codeAt, enable, passwordStep, secondStep, sessionOf } = kit(t);

  it("an admin without it gets 403 TWO_FACTOR_REQUIRED before the input, can set it up, then gets in", async () => {
    const admin = await buildUser(app(), { isAdmin: true });
    const session = await loginAs(app(), admin);
    const refused = await app().inject({
      method: "GET",
      url: "/api/admin/audit-log?limit=abc",
      headers: session.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    expect(refused.json().message).toMatch(/Profile/);
    const { secret } = await enable(session);
    // The session that turned it on is proven by the code it gave.
    expect(
      (await app().inject({ method: "GET", url: "/api/admin/audit-log", headers: session.headers }))
        .statusCode,
    ).toBe(200);
    const pending = await passwordStep(admin);
    const signedIn = sessionOf(await secondStep(pending, { code: codeAt(secret) }), pending.fingerprint);
    const log = await app().inject({ method: "GET", url: "/api/admin/audit-log", headers: signedIn.headers });
    expect(log.statusCode).toBe(200);
    expect(log.json().items[0]).toMatchObject({ action: "two_factor.enabled", actor: "member" });
  });

  it("an admin without it cannot use the admin's power inside member routes either", async () => {
    const keeper = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    await enable(keeper);
    const c = await buildCompetition(app(), keeper);
    const owner = await fundedMember(app(), 50);
    const g = await app().inject({
      method: "POST",
      url: "/api/groups",
      headers: owner.session.headers,
      payload: { name: "Walkers", description: "" },
    });
    const posted = await app().inject({
      method: "POST",
      url: `/api/groups/${g.json().id}/messages`,
      headers: owner.session.headers,
      payload: { message: "Morning walk at 7" },
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const phished = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    for (const [method, url, payload] of [
      ["DELETE", `/api/admin/competitions/${c.id}`, {}],
      [
        "PUT",
        `/api/groups/${g.json().id}`,
        {
          name: "Taken",
          description: "",
          poolGoal: null,
          poolEntryPrice: "15.00",
          competitionStartDate: null,
          competitionEndDate: null,
        },
      ],
      ["DELETE", `/api/groups/${g.json().id}`, {}],
      ["DELETE", `/api/chat/messages/${posted.json().id}`, {}],
    ] as const) {
      const res = await app().inject({ method, url, headers: phished.headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    }
    // Nothing changed: the competition and the group are there, the message too.
    expect(
      (
        await app().inject({
          method: "GET",
          url: `/api/competitions/${c.id}`,
          headers: owner.session.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await app().inject({
          method: "GET",
          url: `/api/groups/${g.json().id}`,
          headers: owner.session.headers,
        })
      ).json().name,
    ).toBe("Walkers");
  });

  it("a member is refused admin calls with 403 FORBIDDEN, and a visitor with 401", async () => {
    const member = await buildUser(app());
    const session = await loginAs(app(), member);
    const res = await app().inject({ method: "GET", url: "/api/admin/audit-log", headers: session.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await app().inject({ method: "GET", url: "/api/admin/audit-log" })).statusCode).toBe(401);
  });
});

describe("two-factor: limited like sign-in", () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: "3" });
  const { app } = kit(t);

  it("answers 429 after AUTH_RATE_LIMIT code attempts a minute", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app().inject({
        method: "POST",
        url: "/api/auth/login/two-factor",
        headers: DEVICE,
        payload: { code: "123456" },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe("two-factor: nothing secret reaches the log", () => {
  const lines: string[] = [];
  const t = useTestApp(
    {},
    { logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } } },
  );
  const { app, codeAt, post, enable, passwordStep, secondStep } = kit(t);

  it("logs no secret, code, recovery code, hash or pending token through a whole round", async () => {
    const user = await buildUser(app());
    const session = await loginAs(app(), user);
    const { secret, recoveryCodes } = await enable(session);
    const pending = await passwordStep(user);
    const code = codeAt(secret);
    expect((await secondStep(pending, { code: "000000" })).statusCode).toBe(400);
    expect((await secondStep(pending, { code })).statusCode).toBe(200);
    expect((await secondStep(await passwordStep(user), { recoveryCode: recoveryCodes[1] })).statusCode).toBe(
      200,
    );
    t().clock.advance(STEP_MS);
    expect((await post(session, "/api/user/two-factor/disable", { code: codeAt(secret) })).statusCode).toBe(
      200,
    );

    const log = lines.join("\n");
    expect(log).toContain("two-factor sign-in turned on");
    const secrets = [secret, code, ...recoveryCodes, pending.cookie.split("=")[1]];
    for (const s of secrets) expect(log).not.toContain(s);
    expect(log).not.toMatch(/[0-9a-f]{64}/);
  });
});
