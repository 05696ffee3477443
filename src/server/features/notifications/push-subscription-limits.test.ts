import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../../core/constants";
import { queryRows } from "../../db/client";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { notify } from "./notify";

// Issue 29 item 3: a member's push subscriptions are bounded, subscribing is rate-limited, and an
// endpoint another member holds is not taken over while the session that turned it on is live.

const keys = (n: number) => ({
  // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret, base64url; `n` tells them apart.
  p256dh: `B${String(n % 10).repeat(86)}`,
  auth: `${String(n % 10).repeat(22)}`,
});
const endpointOf = (tag: string) => `https://93.184.216.34/push/${tag}`;

type Row = { user_id: number; p256dh: string };

function usePushTestApp() {
  const t = useTestApp();
  const app = () => t().app;
  const member = async () => {
    const user = await buildUser(app());
    return { user, session: await loginAs(app(), user) };
  };
  const subscribe = (s: Session, endpoint: string, n = 1) =>
    app().inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: s.headers,
      payload: { endpoint, keys: keys(n) },
    });
  const unsubscribe = (s: Session, endpoint: string) =>
    app().inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: s.headers,
      payload: { endpoint },
    });
  const held = async (endpoint: string) =>
    (
      await queryRows<Row>(
        app().ctx.db,
        sql`select user_id, p256dh from push_subscriptions where endpoint = ${endpoint}`,
      )
    )[0];
  const countOf = async (userId: number) =>
    (
      await queryRows<{ n: number }>(
        app().ctx.db,
        sql`select count(*)::int as n from push_subscriptions where user_id = ${userId}`,
      )
    )[0].n;
  return { t, app, member, subscribe, unsubscribe, held, countOf };
}

describe("push subscriptions per member", () => {
  const { app, member, subscribe, unsubscribe, held, countOf } = usePushTestApp();

  it(`holds at most ${MAX_PUSH_SUBSCRIPTIONS}: the next is refused with 429, the same endpoint again renews, removing one frees a place`, async () => {
    const a = await member();
    const tag = `limit-${a.user.id}`;
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
      const res = await subscribe(a.session, endpointOf(`${tag}-${i}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await subscribe(a.session, endpointOf(`${tag}-extra`));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "RATE_LIMITED",
      message:
        "You can turn on notifications on at most 10 devices. Turn them off on a device you no longer use first.",
    });
    expect(await held(endpointOf(`${tag}-extra`))).toBeUndefined();
    expect(await countOf(a.user.id)).toBe(MAX_PUSH_SUBSCRIPTIONS);

    // The browser renewing its keys on a device already counted is an update, not an 11th device.
    const renewed = await subscribe(a.session, endpointOf(`${tag}-3`), 7);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await held(endpointOf(`${tag}-3`)))?.p256dh).toBe(keys(7).p256dh);
    expect(await countOf(a.user.id)).toBe(MAX_PUSH_SUBSCRIPTIONS);

    expect((await unsubscribe(a.session, endpointOf(`${tag}-0`))).statusCode).toBe(200);
    expect((await subscribe(a.session, endpointOf(`${tag}-extra`))).statusCode).toBe(200);
    expect(await countOf(a.user.id)).toBe(MAX_PUSH_SUBSCRIPTIONS);
    // Another member has places of their own.
    const b = await member();
    expect((await subscribe(b.session, endpointOf(`${tag}-other`))).statusCode).toBe(200);
  });

  it("never takes over an endpoint whose session is live; signing out frees it for the next member", async () => {
    const a = await member();
    const b = await member();
    const endpoint = endpointOf(`shared-${a.user.id}`);
    expect((await subscribe(a.session, endpoint, 1)).statusCode).toBe(200);

    const refused = await subscribe(b.session, endpoint, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("CONFLICT");
    expect(refused.json().message).toMatch(/another account that is still signed in here/);
    expect(await held(endpoint)).toEqual({ user_id: a.user.id, p256dh: keys(1).p256dh });

    // A signs out: their pushes to this browser stop, and B may turn notifications on here.
    expect(
      (await app().inject({ method: "POST", url: "/api/auth/logout", headers: a.session.headers }))
        .statusCode,
    ).toBe(200);
    expect(await held(endpoint)).toBeUndefined();
    expect((await subscribe(b.session, endpoint, 2)).statusCode).toBe(200);
    expect(await held(endpoint)).toEqual({ user_id: b.user.id, p256dh: keys(2).p256dh });
  });

  it("a shared phone: signing in over another member's session ends it and its pushes", async () => {
    const a = await member();
    const b = await member();
    const endpoint = endpointOf(`phone-${a.user.id}`);
    expect((await subscribe(a.session, endpoint, 1)).statusCode).toBe(200);
    // B signs in on the same browser, which still sends A's cookie.
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/login",
      headers: a.session.headers,
      payload: {
        username: b.user.username,
        password: b.user.password,
        deviceFingerprint: a.session.fingerprint,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = await app().inject({ method: "GET", url: "/api/auth/user", headers: a.session.headers });
    expect(me.json().code).toBe("SESSION_INVALID");
    expect(await held(endpoint)).toBeUndefined();
    const bHere = await loginAs(app(), b.user, a.session.fingerprint);
    expect((await subscribe(bHere, endpoint, 2)).statusCode).toBe(200);
    expect((await held(endpoint))?.user_id).toBe(b.user.id);
  });

  it("moves an endpoint whose session has ended otherwise (expired or revoked), within the new member's places", async () => {
    const a = await member();
    const b = await member();
    const endpoint = endpointOf(`ended-${a.user.id}`);
    expect((await subscribe(a.session, endpoint, 1)).statusCode).toBe(200);
    await app().ctx.db.execute(
      sql`update sessions set revoked_at = now() where id = (select session_id from push_subscriptions where endpoint = ${endpoint})`,
    );
    expect((await subscribe(b.session, endpoint, 2)).statusCode).toBe(200);
    expect(await held(endpoint)).toEqual({ user_id: b.user.id, p256dh: keys(2).p256dh });

    // A member at their limit does not gain an 11th device by taking one over.
    const c = await member();
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
      expect((await subscribe(c.session, endpointOf(`full-${c.user.id}-${i}`))).statusCode).toBe(200);
    }
    await app().ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where id = (select session_id from push_subscriptions where endpoint = ${endpoint})`,
    );
    expect((await subscribe(c.session, endpoint, 3)).statusCode).toBe(429);
    expect((await held(endpoint))?.user_id).toBe(b.user.id);
  });

  it("subscribes racing for the last place: exactly one wins", async () => {
    const a = await member();
    const tag = `race-${a.user.id}`;
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS - 1; i++) {
      expect((await subscribe(a.session, endpointOf(`${tag}-${i}`))).statusCode).toBe(200);
    }
    // Several at once, so that on PostgreSQL their transactions overlap (one connection each).
    const answers = await Promise.all(
      ["s", "t", "u", "v", "w", "x", "y", "z"].map((last) =>
        subscribe(a.session, endpointOf(`${tag}-${last}`)),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await countOf(a.user.id)).toBe(MAX_PUSH_SUBSCRIPTIONS);
  });

  it("two members racing for one new endpoint: one holds it, the other hears 409", async () => {
    const a = await member();
    const b = await member();
    const endpoint = endpointOf(`both-${a.user.id}`);
    const answers = await Promise.all([subscribe(a.session, endpoint, 1), subscribe(b.session, endpoint, 2)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0].statusCode === 200 ? a : b;
    expect((await held(endpoint))?.user_id).toBe(winner.user.id);
  });
});

describe("push subscribe rate limit", () => {
  const t = useTestApp({ PUSH_SUBSCRIBE_RATE_LIMIT: "3" });

  it("answers 429 past PUSH_SUBSCRIBE_RATE_LIMIT a minute, per member, counted in the database", async () => {
    const { app, clock } = t();
    const user = await buildUser(app);
    const session = await loginAs(app, user);
    const other = await loginAs(app, await buildUser(app));
    const send = (s: Session, tag: string) =>
      app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: s.headers,
        payload: { endpoint: endpointOf(`rate-${user.id}-${tag}`), keys: keys(1) },
      });
    for (const tag of ["a", "b", "a"]) expect((await send(session, tag)).statusCode).toBe(200);
    const limited = await send(session, "c");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: "RATE_LIMITED",
      message: "You are turning notifications on too often. Try again in a minute.",
    });
    const [row] = await queryRows<{ n: number }>(
      app.ctx.db,
      sql`select count(*)::int as n from push_subscriptions where endpoint = ${endpointOf(`rate-${user.id}-c`)}`,
    );
    expect(row.n).toBe(0);
    expect((await send(other, "other")).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await send(session, "c")).statusCode).toBe(200);
  });
});

describe("push to a signed-out device", () => {
  const { app, member, subscribe } = usePushTestApp();

  it("stops once its session is signed out (here from another device; a password change, an admin or a ban revoke it the same way)", async () => {
    const { user, session: phone } = await member();
    const laptop = await loginAs(app(), user);
    expect((await subscribe(phone, endpointOf(`phone-${user.id}`), 1)).statusCode).toBe(200);
    expect((await subscribe(laptop, endpointOf(`laptop-${user.id}`), 2)).statusCode).toBe(200);
    const pushesTo = async () =>
      (
        await queryRows<{ endpoint: string }>(
          app().ctx.db,
          sql`select s.endpoint from notification_deliveries d
            join notifications n on n.id = d.notification_id
            join push_subscriptions s on s.id = d.subscription_id
            where n.user_id = ${user.id} and d.channel = 'push' order by s.endpoint`,
        )
      ).map((r) => r.endpoint.split("/").at(-1));
    const tell = (key: string) =>
      notify(
        app().ctx.db,
        {
          userId: user.id,
          kind: "competition_refunded",
          title: "t",
          body: "b",
          link: "/wallet",
          dedupeKey: key,
        },
        app().ctx.clock.now(),
      );
    await tell(`push-signed-out-1-${user.id}`);
    expect(await pushesTo()).toEqual([`laptop-${user.id}`, `phone-${user.id}`]);
    // The laptop is signed out from the phone: its browser hears nothing more.
    const sessions = (
      await app().inject({ method: "GET", url: "/api/user/sessions", headers: phone.headers })
    ).json();
    const laptopId = sessions.find((s: { current: boolean }) => !s.current).id;
    const ended = await app().inject({
      method: "DELETE",
      url: `/api/user/sessions/${laptopId}`,
      headers: phone.headers,
      payload: {},
    });
    expect(ended.statusCode).toBe(200);
    await tell(`push-signed-out-2-${user.id}`);
    expect(await pushesTo()).toEqual([`laptop-${user.id}`, `phone-${user.id}`, `phone-${user.id}`]);
  });
});
