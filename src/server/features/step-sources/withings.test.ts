import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { stepSources } from "../../db/schema";
import { DEFAULT_PASSWORD, DEVICE, fundedMember, type Session } from "../../test/factories";
import { startFakeWithings } from "../../test/fake-withings";
import { useTestApp } from "../../test/test-app";
import { BUDGET_PER_WINDOW, BUDGET_WINDOW_MS } from "./api-budget";
import { importDueSources } from "./import-job";
import { notifyToken } from "./step-sources.service";

const MINUTE = 60_000;
const KEY = "7f".repeat(32);

let clockNow = () => Date.now();
const fake = await startFakeWithings({ now: () => clockNow() });
afterAll(() => fake.close());

/** Issue 33: Withings connected through OAuth 2, its webhook and polling, against a fake of its API. */
describe("Withings step source", () => {
  const t = useTestApp({
    WITHINGS_CLIENT_ID: fake.clientId,
    WITHINGS_CLIENT_SECRET: fake.clientSecret,
    WITHINGS_API_URL: fake.url,
    WITHINGS_ACCOUNT_URL: fake.url,
    STEP_SOURCE_KEY: KEY,
  });
  const app = () => t().app;
  const ctx = () => app().ctx;
  let nextUserid = 5000;
  beforeAll(() => {
    clockNow = () => t().clock.now().getTime();
  });
  // Each test's clock starts again at the real time: the budget's windows of the last one are gone.
  beforeEach(async () => {
    await ctx().db.execute(sql`delete from rate_limit_counters where key like 'step-source:%'`);
    fake.requests.length = 0;
    // The members' day (UTC) must hold the last two hours of walking the tests set up: run just
    // after midnight, the clock moves on to 03:00 (it failed between 00:00 and 02:00).
    const now = t().clock.now();
    const threeAm = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3);
    if (now.getTime() < threeAm) t().clock.set(new Date(threeAm));
  });
  /** The next window of the request budget (BUDGET_WINDOW_MS later). */
  const nextWindow = () => t().clock.advance(BUDGET_WINDOW_MS);
  const waiting = async () =>
    (
      await queryRows<{ n: number }>(
        ctx().db,
        sql`select count(*)::int as n from step_sources where status = 'connected' and notified_at is not null`,
      )
    )[0].n;
  /** Runs the import job window after window until nothing announced waits. */
  async function drain() {
    const total = { imported: 0, failed: 0 };
    for (let i = 0; i < 10; i++) {
      nextWindow();
      const run = await importDueSources(ctx());
      total.imported += run.imported;
      total.failed += run.failed;
      if ((await waiting()) === 0) break;
    }
    return total;
  }

  const call = (method: "GET" | "POST" | "DELETE" | "HEAD", url: string, s?: Session, payload?: unknown) =>
    app().inject({ method, url, headers: s?.headers ?? DEVICE, payload: payload as object });
  const notify = (userid: number | string, token = notifyToken(ctx(), "withings"), appli = 16) =>
    app().inject({
      method: "POST",
      url: `/api/step-sources/withings/notify?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `userid=${userid}&appli=${appli}&date=${Math.floor(Date.now() / 1000)}`,
    });
  const today = async (s: Session) => (await call("GET", "/api/steps/today", s)).json().steps as number;
  const overview = async (s: Session) => {
    const res = await call("GET", "/api/step-sources", s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const count = (action: string) => fake.requests.filter((r) => r.action === action).length;
  /** A member's watch walked `steps` in 5-minute points, ending `minutesAgo` before the clock. */
  function walked(userid: number, steps: number, minutesAgo: number, points = 1) {
    const end = ctx().clock.now().getTime() - minutesAgo * MINUTE;
    for (let i = 0; i < points; i++) {
      const start = Math.floor((end - (points - i) * 5 * MINUTE) / 1000);
      fake.account(userid).intraday.set(start, { steps: steps / points, duration: 300 });
    }
  }

  /** The consent page's link (Allow or Deny) back to the app's /connect/withings page. */
  async function consentLink(url: string, choice: "Allow" | "Deny" = "Allow") {
    const page = await (await fetch(url)).text();
    const link = new RegExp(`href="([^"]+)">${choice}`).exec(page)?.[1].replaceAll("&amp;", "&") ?? "";
    const back = new URL(link);
    expect(back.pathname).toBe("/connect/withings");
    return Object.fromEntries(back.searchParams);
  }
  /** What the app's /connect/withings page sends on from the member's browser. */
  const finish = (s: Session | undefined, carried: Record<string, string>) =>
    call("POST", "/api/step-sources/withings/callback", s, carried);
  /** Connect Withings as a member does: consent on Withings, then back through the app's page. */
  async function connect(s: Session, userid = nextUserid++) {
    nextWindow();
    const start = await call("POST", "/api/step-sources/withings/connect", s, { returnTo: "/dashboard" });
    expect(start.statusCode, start.body).toBe(200);
    fake.nextUserid = userid;
    const res = await finish(s, await consentLink(start.json().url));
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json() as { result: string; returnTo: string }), userid };
  }
  async function connectedMember() {
    const { user, session } = await fundedMember(app(), 0, { timeZone: "UTC" });
    // An account a day old: its phone's steps are vouched for since then.
    await ctx().db.execute(sql`update users set created_at = now() - interval '1 day' where id = ${user.id}`);
    const { userid, result, returnTo } = await connect(session);
    expect({ result, returnTo }).toEqual({ result: "connected", returnTo: "/dashboard" });
    return { user, session, userid };
  }
  const sourceRow = async (userId: number) =>
    (await ctx().db.select().from(stepSources).where(eq(stepSources.userId, userId)))[0];

  it("connects: tokens sealed at rest, the webhook subscribed, the last week imported", async () => {
    const { user, session, userid } = await connectedMember();
    const row = await sourceRow(user.id);
    expect(row).toMatchObject({ vendor: "withings", externalUserId: String(userid), status: "connected" });
    expect(row.accessToken).toMatch(/^v1\./);
    // The tokens Withings issued appear nowhere in the database.
    const [{ plain }] = await queryRows<{ plain: number }>(
      ctx().db,
      sql`select count(*)::int as plain from step_sources where access_token not like 'v1.%' or refresh_token not like 'v1.%'`,
    );
    expect(plain).toBe(0);
    expect(fake.account(userid).subscriptions).toEqual([
      {
        callbackurl: `${ctx().config.appUrl}/api/step-sources/withings/notify?token=${notifyToken(ctx(), "withings")}`,
        appli: 16,
      },
    ]);
    walked(userid, 1200, 60, 2);
    fake.account(userid).days.set(new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10), 4321);
    expect(await drain()).toEqual({ imported: 1, failed: 0 });
    expect(await today(session)).toBe(1200);
    const o = await overview(session);
    expect(o.available).toEqual([{ id: "withings", name: "Withings" }]);
    expect(o.connections).toEqual([
      expect.objectContaining({
        vendor: "withings",
        name: "Withings",
        status: "connected",
        lastSyncAt: expect.any(String),
      }),
    ]);
    expect(o.today.bySource).toEqual([{ source: "withings", name: "Withings", steps: 1200 }]);
    // Nothing more to import until a webhook or the next poll.
    expect(await drain()).toEqual({ imported: 0, failed: 0 });
  });

  it("imports what a webhook announces, once for a duplicate, and ignores unknown accounts", async () => {
    const { session, userid } = await connectedMember();
    await drain();
    walked(userid, 800, 10);
    const before = count("getintradayactivity");
    expect((await notify(userid)).json()).toEqual({ received: true });
    expect((await notify(userid)).statusCode).toBe(200);
    expect(await drain()).toEqual({ imported: 1, failed: 0 });
    expect(await today(session)).toBe(800);
    // One import for the two webhooks: two days back are at most three requests of 24 h.
    expect(count("getintradayactivity") - before).toBeLessThanOrEqual(3);
    // A webhook right after an import waits 30 s, then is read: webhooks cannot spend the budget on one account.
    walked(userid, 100, 1);
    await notify(userid);
    nextWindow();
    expect(await importDueSources(ctx())).toEqual({ imported: 0, failed: 0 });
    t().clock.advance(30_000);
    expect(await importDueSources(ctx())).toEqual({ imported: 1, failed: 0 });
    expect(await today(session)).toBe(900);
    // An account nobody connected here: answered alike, nothing to import.
    expect((await notify(987654)).json()).toEqual({ received: true });
    expect(await drain()).toEqual({ imported: 0, failed: 0 });
  });

  it("refuses webhooks without its token (before the body) and answers Withings' HEAD checks", async () => {
    expect((await notify(1, "0".repeat(32))).statusCode).toBe(403);
    expect((await notify(1, "wrong")).statusCode).toBe(400);
    const tokenless = await app().inject({
      method: "POST",
      url: "/api/step-sources/withings/notify",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "userid=1&appli=16",
    });
    expect(tokenless.statusCode).toBe(400);
    expect((await call("HEAD", `/api/step-sources/withings/notify?token=${"0".repeat(32)}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call("HEAD", `/api/step-sources/withings/notify?token=${notifyToken(ctx(), "withings")}`))
        .statusCode,
    ).toBe(200);
    const bad = await app().inject({
      method: "POST",
      url: `/api/step-sources/withings/notify?token=${notifyToken(ctx(), "withings")}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "userid=abc&appli=16",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refreshes a token before it expires, and once more when Withings ends it early", async () => {
    const { user, session, userid } = await connectedMember();
    await drain();
    // Near its end: refreshed before the import reads anything.
    await ctx()
      .db.update(stepSources)
      .set({ tokenExpiresAt: new Date(ctx().clock.now().getTime() + MINUTE) })
      .where(eq(stepSources.userId, user.id));
    const refreshes = count("requesttoken");
    walked(userid, 300, 5);
    await notify(userid);
    expect(await drain()).toEqual({ imported: 1, failed: 0 });
    expect(count("requesttoken") - refreshes).toBe(1);
    const second = await sourceRow(user.id);
    // The rotated refresh token was kept: the fake's refresh tokens work once, and the next one below needs it.
    expect(second.tokenExpiresAt.getTime()).toBeGreaterThan(ctx().clock.now().getTime() + 2 * 3600_000);
    // Withings ends every access token early: the import refreshes once and goes on.
    fake.expireAccessTokens();
    walked(userid, 200, 1);
    await notify(userid);
    expect(await drain()).toEqual({ imported: 1, failed: 0 });
    expect(await today(session)).toBe(500);
  });

  it("asks the member to reconnect when Withings refuses the connection, keeping the steps", async () => {
    const { user, session, userid } = await connectedMember();
    walked(userid, 400, 30);
    await drain();
    fake.account(userid).revoked = true;
    await notify(userid);
    expect(await drain()).toEqual({ imported: 0, failed: 1 });
    expect((await sourceRow(user.id)).status).toBe("reconnect");
    expect((await overview(session)).connections[0].status).toBe("reconnect");
    expect(await today(session)).toBe(400);
    // A refused connection is not polled again until the member reconnects.
    expect(await drain()).toEqual({ imported: 0, failed: 0 });
    fake.account(userid).revoked = false;
    expect((await connect(session, userid)).result).toBe("connected");
    expect((await sourceRow(user.id)).status).toBe("connected");
  });

  it("disconnects: Withings' access revoked, the tokens deleted, the counted steps kept", async () => {
    const { user, session, userid } = await connectedMember();
    walked(userid, 600, 20);
    await drain();
    nextWindow();
    const res = await call("DELETE", "/api/step-sources/withings", session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Withings disconnected. The steps it counted stay counted.");
    expect(await sourceRow(user.id)).toBeUndefined();
    expect(fake.account(userid).revoked).toBe(true);
    expect(fake.account(userid).subscriptions).toEqual([]);
    expect(await today(session)).toBe(600);
    expect((await call("DELETE", "/api/step-sources/withings", session)).statusCode).toBe(404);
  });

  it("revokes Withings when the account is deleted, later when its budget is spent", async () => {
    const { user, session, userid } = await connectedMember();
    await drain();
    // The window's budget spent by others: the revoke waits for the next one.
    await ctx().db.execute(sql`update rate_limit_counters set count = 100 where key like 'step-source:%'`);
    const res = await call("DELETE", "/api/user/account", session, { currentPassword: DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.account(userid).revoked).toBe(false);
    expect((await sourceRow(user.id))?.status).toBe("revoke");
    // Not shown, not imported, not disconnectable twice; revoked by the job in the next window.
    expect(await notify(userid)).toMatchObject({ statusCode: 200 });
    nextWindow();
    expect(await importDueSources(ctx())).toEqual({ imported: 0, failed: 0 });
    expect(fake.account(userid).revoked).toBe(true);
    expect(await sourceRow(user.id)).toBeUndefined();
  });

  it("uses a state once, for the member who started the connect only", async () => {
    const a = await fundedMember(app(), 0);
    const b = await fundedMember(app(), 0);
    const start = await call("POST", "/api/step-sources/withings/connect", a.session, {});
    const carried = await consentLink(start.json().url);
    // Signed out: refused before anything is looked at (the page signs the member in first).
    expect((await finish(undefined, carried)).statusCode).toBe(401);
    // Another member's browser: refused, and the state is spent.
    expect((await finish(b.session, carried)).json()).toEqual({ result: "expired", returnTo: "/profile" });
    expect((await finish(a.session, carried)).json()).toEqual({ result: "expired", returnTo: "/profile" });
    expect(await sourceRow(a.user.id)).toBeUndefined();
    expect(await sourceRow(b.user.id)).toBeUndefined();
    // Denied on Withings: back to the page, nothing stored.
    const again = await call("POST", "/api/step-sources/withings/connect", a.session, {
      returnTo: "/profile",
    });
    const denied = await finish(a.session, await consentLink(again.json().url, "Deny"));
    expect(denied.json()).toEqual({ result: "denied", returnTo: "/profile" });
    expect(await sourceRow(a.user.id)).toBeUndefined();
    // A return path that is not the app's own: the profile.
    const outside = await call("POST", "/api/step-sources/withings/connect", a.session, {
      returnTo: "//evil.test",
    });
    const carriedOut = await consentLink(outside.json().url, "Deny");
    expect((await finish(a.session, carriedOut)).json().returnTo).toBe("/profile");
    expect((await finish(a.session, {})).statusCode).toBe(400);
  });

  it("refuses a Withings account already connected to another member", async () => {
    const first = await connectedMember();
    const second = await fundedMember(app(), 0);
    expect((await connect(second.session, first.userid)).result).toBe("taken");
    expect(await sourceRow(second.user.id)).toBeUndefined();
  });

  it("brings no past steps to a second member the same Withings account is moved to", async () => {
    const first = await connectedMember();
    walked(first.userid, 700, 120);
    await drain();
    expect(await today(first.session)).toBe(700);
    nextWindow();
    expect((await call("DELETE", "/api/step-sources/withings", first.session)).statusCode).toBe(200);
    const second = await fundedMember(app(), 0, { timeZone: "UTC" });
    fake.account(first.userid).revoked = false;
    expect((await connect(second.session, first.userid)).result).toBe("connected");
    await drain();
    expect(await today(second.session)).toBe(0);
    // What it walks from now on counts for the new member.
    t().clock.advance(20 * MINUTE);
    walked(first.userid, 400, 1);
    await notify(first.userid);
    await drain();
    expect(await today(second.session)).toBe(400);
  });

  it("revokes the member's earlier Withings account when they connect another", async () => {
    const { user, session, userid } = await connectedMember();
    const other = nextUserid++;
    expect((await connect(session, other)).result).toBe("connected");
    expect(fake.account(userid).revoked).toBe(true);
    expect((await sourceRow(user.id)).externalUserId).toBe(String(other));
  });

  it("limits how often a member connects (each costs requests every member shares)", async () => {
    const { session } = await fundedMember(app(), 0);
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await call("POST", "/api/step-sources/withings/connect", session, {})).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("answers 401 signed out, 404 for a vendor it does not have", async () => {
    expect((await call("GET", "/api/step-sources")).statusCode).toBe(401);
    expect((await call("POST", "/api/step-sources/withings/connect", undefined, {})).statusCode).toBe(401);
    expect((await call("DELETE", "/api/step-sources/withings")).statusCode).toBe(401);
    const { session } = await fundedMember(app(), 0);
    expect((await call("POST", "/api/step-sources/fitbit/connect", session, {})).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/step-sources/withings/connect", session, { returnTo: 5 })).statusCode,
    ).toBe(400);
  });

  it("keeps every process's requests inside Withings' 120 a minute, webhooks first", async () => {
    await drain();
    const members: Awaited<ReturnType<typeof connectedMember>>[] = [];
    for (let i = 0; i < 6; i++) members.push(await connectedMember());
    const synced = async () =>
      (await Promise.all(members.map((m) => sourceRow(m.user.id)))).filter((r) => r.lastSyncAt).length;
    // Each backfill needs eight intraday requests and a day page: more than a window holds.
    nextWindow();
    const before = fake.requests.length;
    await Promise.all([importDueSources(ctx()), importDueSources(ctx())]);
    expect(fake.requests.length - before).toBeLessThanOrEqual(BUDGET_PER_WINDOW);
    expect(await synced()).toBeLessThan(6);
    // The next windows carry on where this one stopped, until every member is imported.
    for (let w = 0; w < 20 && (await synced()) < 6; w++) {
      nextWindow();
      await Promise.all([importDueSources(ctx()), importDueSources(ctx())]);
    }
    expect(await synced()).toBe(6);
    expect(fake.throttled).toBe(0);
    // Webhooks first: with polls due for all six, a webhook's import is the one a window makes room for.
    await ctx().db.execute(sql`update step_sources set next_poll_at = now() - interval '1 hour'`);
    walked(members[5].userid, 250, 2);
    await notify(members[5].userid);
    t().clock.advance(30_000);
    const window = fake.requests.length;
    await importDueSources(ctx());
    expect(fake.requests.length - window).toBeLessThanOrEqual(BUDGET_PER_WINDOW);
    expect(await today(members[5].session)).toBe(250);
    // No 60 s of the clock held more than 110 requests.
    const times = fake.requests.map((r) => r.at).sort((a, b) => a - b);
    const busiest = Math.max(...times.map((at) => times.filter((x) => x >= at && x < at + 60_000).length));
    expect(busiest).toBeLessThanOrEqual(110);
  });
});
