import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { runJobsOnce } from "../../jobs/scheduler";
import { buildCompetition, buildUser, fundedMember, loginAs, type Session } from "../../test/factories";
import { type PushEndpoint, startPushEndpoint } from "../../test/push-endpoint";
import { expectBooksBalanced, type TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";
import { queueFanout } from "./fanouts";
import { notify } from "./notify";
import { runDeliveries, runFanouts } from "./queue-job";
import { settingOnce } from "./server-settings";

const HOUR = 3600_000;
const MINUTE = 60_000;

/**
 * Issue 24, done when: a competition settles with two processes running, each winner has exactly
 * one "won" notification with the amount and exactly one push delivered to their local endpoint.
 */
describe("notification delivery with two processes", { timeout: 120_000 }, () => {
  const apps = useTwoInstances({ PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" });
  let first: TestApp;
  let second: App;
  let push: PushEndpoint;
  beforeAll(async () => {
    ({ first, second } = apps());
    push = await startPushEndpoint();
  });
  afterAll(() => push?.close());
  const app = () => first.app;

  const subscribe = async (s: Session, subscription: unknown) => {
    const res = await app().inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: s.headers,
      payload: subscription as object,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const walk = (target: App, s: Session, steps: number) =>
    target.inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: target.ctx.clock.now().toISOString(), batchId: randomUUID() },
    });
  const mine = async (s: Session) =>
    (await app().inject({ url: "/api/notifications", headers: s.headers })).json().items as {
      kind: string;
      title: string;
      body: string;
      link: string;
    }[];

  it("settles once, writes one result per member and delivers one push per winner", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 10, name: "Push Sprint" }, HOUR, 1 / 24);
    const players = [];
    for (let i = 0; i < 4; i++) {
      const p = await fundedMember(app(), 10);
      const join = await app().inject({
        method: "POST",
        url: `/api/competitions/${c.id}/join`,
        headers: p.session.headers,
        payload: {},
      });
      expect(join.statusCode).toBe(200);
      const device = push.device();
      await subscribe(p.session, device.subscription);
      players.push({ ...p, device });
    }
    first.clock.advance(HOUR + 30 * MINUTE);
    for (const [i, p] of players.entries())
      expect((await walk(i % 2 ? second : app(), p.session, 4000 - i * 1000)).statusCode).toBe(200);
    first.clock.advance(HOUR);
    // Both processes tick at once, twice: settlement, fan-out and pushes, each done once.
    await Promise.all([runJobsOnce(app().ctx), runJobsOnce(second.ctx)]);
    await Promise.all([runJobsOnce(app().ctx), runJobsOnce(second.ctx)]);

    // Pool 40 FC: 20, 12, 8; the fourth finishes without a prize.
    const expected = [
      ["You won 1st place in Push Sprint", "Your prize of 20.00 FitCoins is in your wallet."],
      ["You won 2nd place in Push Sprint", "Your prize of 12.00 FitCoins is in your wallet."],
      ["You won 3rd place in Push Sprint", "Your prize of 8.00 FitCoins is in your wallet."],
    ];
    for (const [i, [title, body]] of expected.entries()) {
      const p = players[i];
      const items = await mine(p.session);
      expect(items.filter((n) => n.kind === "competition_won")).toEqual([
        expect.objectContaining({ title, body, link: "/wallet" }),
      ]);
      const pushes = push.for(p.device.name);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({ title, body, link: "/wallet" });
      expect(pushes[0].authorization).toMatch(/^vapid t=.+, k=B/);
    }
    const last = await mine(players[3].session);
    expect(last.filter((n) => n.kind.startsWith("competition_"))).toEqual([
      expect.objectContaining({
        kind: "competition_finished",
        title: "Push Sprint has ended",
        body: "You finished in 4th place with 1,000 steps.",
        link: `/competitions/${c.id}/standings`,
      }),
    ]);
    expect(push.for(players[3].device.name)).toHaveLength(1);
    expect(push.failures()).toBe(0);
    const [queue] = await queryRows<{ open: number }>(
      app().ctx.db,
      sql`select count(*)::int as open from notification_deliveries where done_at is null`,
    );
    expect(queue.open).toBe(0);
    await expectBooksBalanced(app());
  });

  it("agrees on one generated value when two processes make it at once (the VAPID keys)", async () => {
    const key = `test-${randomUUID()}`;
    const [a, b] = await Promise.all([
      settingOnce(app().ctx.db, key, () => "made by the first"),
      settingOnce(second.ctx.db, key, () => "made by the second"),
    ]);
    expect(a).toBe(b);
    const keys = await Promise.all([
      app().inject({ url: "/api/push/public-key", headers: (await fundedMember(app(), 0)).session.headers }),
      second.inject({ url: "/api/push/public-key", headers: (await fundedMember(app(), 0)).session.headers }),
    ]);
    expect(keys[0].json().publicKey).toBe(keys[1].json().publicKey);
  });

  it("drops a subscription the push service answers 404 or 410, and retries a busy one later", async () => {
    const m = await fundedMember(app(), 0);
    const gone = push.device();
    const busy = push.device();
    const ok = push.device();
    for (const d of [gone, busy, ok]) await subscribe(m.session, d.subscription);
    push.answer(gone.name, 410);
    push.answer(busy.name, 503);
    await notify(
      app().ctx.db,
      {
        userId: m.user.id,
        kind: "review_cleared",
        title: "Cleared",
        body: "Your steps count.",
        link: "/competitions",
        dedupeKey: `test:retry:${m.user.id}`,
      },
      app().ctx.clock.now(),
    );
    await Promise.all([runDeliveries(app().ctx), runDeliveries(second.ctx)]);
    expect(push.for(ok.name)).toHaveLength(1);
    const subs = await queryRows<{ endpoint: string }>(
      app().ctx.db,
      sql`select endpoint from push_subscriptions where user_id = ${m.user.id} order by id`,
    );
    expect(subs.map((s) => s.endpoint)).toEqual([busy.subscription.endpoint, ok.subscription.endpoint]);
    // The busy one waits a minute, then goes through once the service answers again.
    push.answer(busy.name, 201);
    await runDeliveries(app().ctx);
    expect(push.for(busy.name)).toHaveLength(0);
    first.clock.advance(MINUTE);
    await Promise.all([runDeliveries(app().ctx), runDeliveries(second.ctx)]);
    expect(push.for(busy.name)).toHaveLength(1);
    expect(push.for(ok.name)).toHaveLength(1);
  });

  it("retries a failing fan-out later with a growing delay, and does the others meanwhile", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 5, name: "Queue Walk" }, 3 * HOUR);
    const p = await fundedMember(app(), 5);
    await app().inject({
      method: "POST",
      url: `/api/competitions/${c.id}/join`,
      headers: p.session.headers,
      payload: {},
    });
    const now = app().ctx.clock.now();
    // A fan-out whose expansion fails (an unknown type), queued before a good one.
    await app().ctx.db.execute(sql`insert into notification_fanouts (type, payload, dedupe_key, run_at, created_at)
      values ('no_such_type', '{}'::jsonb, ${`test:broken:${c.id}`}, ${now}, ${now})`);
    await queueFanout(app().ctx.db, { type: "competition_starting", competitionId: c.id }, now);
    await Promise.all([runFanouts(app().ctx), runFanouts(second.ctx)]);
    expect((await mine(p.session)).map((n) => n.title)).toEqual(["Queue Walk starts soon"]);
    const broken = async () =>
      (
        await queryRows<{ attempts: number; run_at: Date; last_error: string | null; done_at: Date | null }>(
          app().ctx.db,
          sql`select attempts, run_at, last_error, done_at from notification_fanouts where dedupe_key = ${`test:broken:${c.id}`}`,
        )
      )[0];
    const once = await broken();
    expect(once).toMatchObject({ attempts: 1, done_at: null, last_error: expect.any(String) });
    expect(new Date(once.run_at).getTime() - now.getTime()).toBe(MINUTE);
    first.clock.advance(MINUTE);
    await runFanouts(app().ctx);
    const twice = await broken();
    expect(twice.attempts).toBe(2);
    expect(new Date(twice.run_at).getTime() - app().ctx.clock.now().getTime()).toBe(2 * MINUTE);
    await app().ctx.db.execute(
      sql`delete from notification_fanouts where dedupe_key = ${`test:broken:${c.id}`}`,
    );
  });

  it("sends no push of a kind the member turned off", async () => {
    const m = await fundedMember(app(), 0);
    const d = push.device();
    await subscribe(m.session, d.subscription);
    const prefs = await app().inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: m.session.headers,
      payload: { preferences: [{ kind: "review_cleared", push: false }] },
    });
    expect(prefs.statusCode).toBe(200);
    const at = app().ctx.clock.now();
    const base = { userId: m.user.id, title: "T", body: "B", link: "/" };
    await notify(app().ctx.db, { ...base, kind: "review_cleared", dedupeKey: `test:off:${m.user.id}` }, at);
    await notify(app().ctx.db, { ...base, kind: "review_held", dedupeKey: `test:on:${m.user.id}` }, at);
    await runDeliveries(app().ctx);
    expect(push.for(d.name).map((p) => p.title)).toEqual(["T"]);
    expect((await mine(m.session)).map((n) => n.kind)).toEqual(["review_held", "review_cleared"]);
  });
});
