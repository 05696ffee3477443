import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSKEY_CHALLENGE_TTL_MS } from "../../../core/constants";
import { passkeys, sessions, users } from "../../db/schema";
import { buildUser, DEVICE, loginAs, type Session, sessionCookieFrom } from "../../test/factories";
import { SoftAuthenticator } from "../../test/soft-authenticator";
import { useTestApp } from "../../test/test-app";
import { suspendedMessage } from "./auth.service";
import { CHALLENGE_GONE, PASSKEY_NOT_VERIFIED, UNKNOWN_PASSKEY } from "./passkeys.service";

const ORIGIN = "https://app.steprace.test";
const RP_ID = "app.steprace.test";
type Answer = ReturnType<SoftAuthenticator["authenticate"]>;

describe("signing in with a passkey (POST /api/auth/passkey/options, POST /api/auth/passkey)", () => {
  const t = useTestApp({ PUBLIC_URL: ORIGIN });
  const app = () => t().app;
  const options = async () => {
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/passkey/options",
      headers: DEVICE,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const signIn = (response: Answer, fingerprint: string | null = "passkeyphone01") =>
    app().inject({
      method: "POST",
      url: "/api/auth/passkey",
      headers: fingerprint ? { "x-device-fingerprint": fingerprint } : {},
      payload: { response },
    });
  /** A member with a passkey added through the API, signed out. */
  async function memberWithPasskey() {
    const user = await buildUser(app());
    const session: Session = await loginAs(app(), user);
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const creation = await app().inject({
      method: "POST",
      url: "/api/user/passkeys/options",
      headers: session.headers,
      payload: { currentPassword: user.password },
    });
    const added = await app().inject({
      method: "POST",
      url: "/api/user/passkeys",
      headers: session.headers,
      payload: { response: key.register(creation.json()) },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { user, key, passkeyId: added.json().id as number };
  }
  const sessionCount = async (userId: number) =>
    (await app().ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("asks for any passkey of this site with user verification", async () => {
    const o = await options();
    expect(o).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(o.allowCredentials ?? []).toEqual([]);
    expect(o.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("starts a session like the password sign-in: cookie, this device, last used and counter recorded", async () => {
    const { user, key, passkeyId } = await memberWithPasskey();
    const res = await signIn(key.authenticate(await options()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username });
    const cookie = sessionCookieFrom(res.headers["set-cookie"]);
    const me = await app().inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie, "x-device-fingerprint": "passkeyphone01" },
    });
    expect(me.json().username).toBe(user.username);
    // The session is bound to the device it signed in on, as every session is.
    const elsewhere = await app().inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie, "x-device-fingerprint": "anotherdevice1" },
    });
    expect(elsewhere.json()).toMatchObject({ deviceChanged: true });
    const [stored] = await app().ctx.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(stored.counter).toBe(1);
    expect(stored.lastUsedAt?.getTime()).toBe(t().clock.now().getTime());
  });

  it("refuses an answer replayed, a challenge expired or never issued, or one issued to add a passkey", async () => {
    const { user, key } = await memberWithPasskey();
    const before = await sessionCount(user.id);
    const answer = key.authenticate(await options());
    expect((await signIn(answer)).statusCode).toBe(200);
    const replay = await signIn(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CHALLENGE_GONE);

    const stale = await options();
    t().clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    expect((await signIn(key.authenticate(stale))).json().message).toBe(CHALLENGE_GONE);

    expect((await signIn(key.authenticate({ challenge: "bm90LWlzc3VlZC1ieS11cw" }))).json().message).toBe(
      CHALLENGE_GONE,
    );
    const session = await loginAs(app(), user);
    const creation = await app().inject({
      method: "POST",
      url: "/api/user/passkeys/options",
      headers: session.headers,
      payload: { currentPassword: user.password },
    });
    expect((await signIn(key.authenticate(creation.json()))).json().message).toBe(CHALLENGE_GONE);
    // Only the first answer and the password sign-in made sessions.
    expect(await sessionCount(user.id)).toBe(before + 2);
  });

  it("lets two racing answers to one challenge sign in once", async () => {
    const { user, key } = await memberWithPasskey();
    const before = await sessionCount(user.id);
    const answer = key.authenticate(await options());
    const codes = (await Promise.all([signIn(answer), signIn(answer), signIn(answer)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 400, 400]);
    expect(await sessionCount(user.id)).toBe(before + 1);
  });

  it("refuses an unknown passkey, a signature for another site, a forged signature, another member's handle", async () => {
    const { key } = await memberWithPasskey();
    const { user: other } = await memberWithPasskey();
    const stranger = await signIn(new SoftAuthenticator(ORIGIN, RP_ID).authenticate(await options()));
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toBe(UNKNOWN_PASSKEY);

    const phished = await signIn(key.authenticate(await options(), { origin: "https://steprace.evil" }));
    expect(phished.statusCode).toBe(401);
    expect(phished.json().message).toBe(PASSKEY_NOT_VERIFIED);
    expect((await signIn(key.authenticate(await options(), { rpId: "steprace.evil" }))).statusCode).toBe(401);

    const forged = key.authenticate(await options());
    forged.response.signature = new SoftAuthenticator().authenticate({ challenge: "eA" }).response.signature;
    expect((await signIn(forged)).statusCode).toBe(401);

    const otherHandle = Buffer.from(String(other.id)).toString("base64url");
    expect((await signIn(key.authenticate(await options(), { userHandle: otherHandle }))).statusCode).toBe(
      401,
    );
    // None of these moved the counter past the refusals' values into use.
    expect((await signIn(key.authenticate(await options()))).statusCode).toBe(200);
  });

  it("refuses a cloned authenticator whose counter went backwards", async () => {
    const { key } = await memberWithPasskey();
    expect((await signIn(key.authenticate(await options()))).statusCode).toBe(200);
    expect((await signIn(key.authenticate(await options()))).statusCode).toBe(200);
    key.counter = 0; // the clone answers with a counter the real one has passed
    const clone = await signIn(key.authenticate(await options()));
    expect(clone.statusCode).toBe(401);
    expect(clone.json().message).toBe(PASSKEY_NOT_VERIFIED);
  });

  it("requires the device fingerprint, refuses a banned member as the password does, and never a deleted one", async () => {
    const { user, key } = await memberWithPasskey();
    const noDevice = await signIn(key.authenticate(await options()), null);
    expect(noDevice.statusCode).toBe(400);

    await app()
      .ctx.db.update(users)
      .set({ bannedAt: t().clock.now(), bannedReason: "Step fraud." })
      .where(eq(users.id, user.id));
    const banned = await signIn(key.authenticate(await options()));
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({
      code: "ACCOUNT_SUSPENDED",
      message: suspendedMessage("Step fraud."),
    });

    await app()
      .ctx.db.update(users)
      .set({ bannedAt: null, deletedAt: t().clock.now() })
      .where(eq(users.id, user.id));
    const deleted = await signIn(key.authenticate(await options()));
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json().message).toBe(UNKNOWN_PASSKEY);
  });

  it("answers malformed input with 400 and a readable message", async () => {
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/passkey",
      headers: DEVICE,
      payload: { response: { id: "not base64url!", type: "password" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    const garbage = new SoftAuthenticator().authenticate({ challenge: "eA" });
    garbage.response.clientDataJSON = Buffer.from("not json").toString("base64url");
    expect((await signIn(garbage)).json().message).toBe(PASSKEY_NOT_VERIFIED);
  });
});

describe("the passkey sign-in is rate-limited like the password sign-in", () => {
  const t = useTestApp({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "3" });

  it("answers the fourth attempt in a minute with 429, on options and on answers", async () => {
    const call = (url: string, payload: object) =>
      t().app.inject({ method: "POST", url, headers: DEVICE, payload, remoteAddress: "203.0.113.7" });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call("/api/auth/passkey/options", {})).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (await call("/api/auth/passkey", { response: key.authenticate({ challenge: "eA" }) })).statusCode,
      );
    expect(answers).toEqual([400, 400, 400, 429]);
    const blocked = await call("/api/auth/passkey", { response: key.authenticate({ challenge: "eA" }) });
    expect(blocked.json().message).toMatch(/^Too many attempts/);
  });
});
