import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { competitions, giftCardRedemptions, notificationDeliveries, notifications } from "../db/schema";
import { settleDueCompetitions } from "../features/competitions/settlement-job";
import { processNotificationQueue } from "../features/notifications/queue-job";
import { buildCompetition, buildUser, loginAs } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { watchAppState } from "./app-state";
import { expectSample, scrapeSamples } from "./metrics-test-kit";
import { createMetrics } from "./registry";

const NOW = new Date("2026-03-02T09:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("metrics of the app's state, read at scrape time by the app's clock (issue 31)", () => {
  const t = useTestApp({}, {}, { now: NOW });
  const scrapeNow = () => scrapeSamples(t().app.ctx.metrics);

  it("settlement lag: the oldest competition past its end and grace and not settled, groups' rounds included", async () => {
    const { app, clock } = t();
    const grace = app.ctx.config.settlementGraceMs;
    const admin = await loginAs(app, await buildUser(app, { isAdmin: true }));
    // From an hour from now, for a day.
    const { id } = await buildCompetition(app, admin, { entryFee: null }, 60 * MINUTE, 1);
    const due = NOW.getTime() + 60 * MINUTE + DAY + grace;
    const lag = async () => {
      const s = await scrapeNow();
      return [
        s.value("steprace_settlement_lag_seconds"),
        s.value("steprace_settlement_overdue_competitions"),
        s.value("steprace_settlement_held_competitions"),
      ];
    };

    expect(await lag()).toEqual([0, 0, 0]);
    clock.set(new Date(due - 1000));
    expect(await lag()).toEqual([0, 0, 0]);
    clock.set(new Date(due + 90_000));
    expect(await lag()).toEqual([90, 1, 0]);

    // A group's round (a competition with its group) that came due 10 minutes earlier is the oldest.
    const [round] = await app.ctx.db
      .insert(competitions)
      .values({
        name: "Round 3",
        description: "A group's round",
        startDate: new Date(due - grace - 2 * DAY),
        endDate: new Date(due - grace - 10 * MINUTE),
        inviteCode: `round-${randomUUID()}`,
        createdBy: (await buildUser(app)).id,
        groupId: 4242,
      })
      .returning({ id: competitions.id });
    expect(await lag()).toEqual([690, 2, 0]);
    // Deleted competitions are nobody's to settle.
    await app.ctx.db
      .update(competitions)
      .set({ deletedAt: clock.now() })
      .where(eq(competitions.id, round.id));
    expect(await lag()).toEqual([90, 1, 0]);

    // Held for an admin's review: waiting by design, counted apart; a held one whose settlement
    // then failed waits on nobody, and is overdue again.
    const [{ settlement }] = await app.ctx.db
      .select({ settlement: competitions.settlement })
      .from(competitions)
      .where(eq(competitions.id, id));
    await app.ctx.db.update(competitions).set({ settlement: "held" }).where(eq(competitions.id, id));
    expect(await lag()).toEqual([0, 0, 1]);
    await app.ctx.db.update(competitions).set({ settleAttempts: 1 }).where(eq(competitions.id, id));
    expect(await lag()).toEqual([90, 1, 0]);
    await app.ctx.db
      .update(competitions)
      .set({ settlement, settleAttempts: 0 })
      .where(eq(competitions.id, id));

    await settleDueCompetitions(app.ctx);
    expect(await lag()).toEqual([0, 0, 0]);

    // The settlement queued its result's fan-out: the notification queue shows it until it is done.
    let s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_size", { stage: "fanout" }, 1);
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "fanout" }, 0);
    clock.advance(45_000);
    s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "fanout" }, 45);
    await processNotificationQueue(app.ctx);
    s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_size", { stage: "fanout" }, 0);
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "fanout" }, 0);
  });

  it("notification deliveries: how many wait, and how long the oldest due one has waited", async () => {
    const { app, clock } = t();
    const member = await buildUser(app);
    const now = clock.now();
    const [note] = await app.ctx.db
      .insert(notifications)
      .values({
        userId: member.id,
        kind: "competition_won",
        title: "You won",
        body: "Well walked",
        link: "/competitions",
        dedupeKey: `metrics-test:${randomUUID()}`,
        createdAt: now,
      })
      .returning({ id: notifications.id });
    const delivery = (channel: string, runAt: Date, doneAt: Date | null = null) => ({
      notificationId: note.id,
      channel,
      runAt,
      doneAt,
    });
    await app.ctx.db.insert(notificationDeliveries).values([
      delivery("email", new Date(now.getTime() - 2 * MINUTE)),
      // A retry waiting for its next try: queued, but not late.
      delivery("push", new Date(now.getTime() + 10 * MINUTE)),
    ]);
    let s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_size", { stage: "delivery" }, 2);
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "delivery" }, 120);
    // Sent: only the retry is left, which is not due yet, so nothing is late.
    await app.ctx.db
      .update(notificationDeliveries)
      .set({ doneAt: now })
      .where(
        and(eq(notificationDeliveries.notificationId, note.id), eq(notificationDeliveries.channel, "email")),
      );
    s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_size", { stage: "delivery" }, 1);
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "delivery" }, 0);
    // Its time comes, and goes by.
    clock.advance(13 * MINUTE);
    s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "delivery" }, 180);
    await app.ctx.db
      .update(notificationDeliveries)
      .set({ doneAt: clock.now() })
      .where(eq(notificationDeliveries.notificationId, note.id));
    s = await scrapeNow();
    expectSample(s, "steprace_notification_queue_size", { stage: "delivery" }, 0);
    expectSample(s, "steprace_notification_queue_oldest_age_seconds", { stage: "delivery" }, 0);
  });

  it("gift-card queue: redemptions paid for and not delivered, by status, and the oldest one's age", async () => {
    const { app, clock } = t();
    const member = await buildUser(app);
    const now = clock.now();
    const redemption = (status: string, agoMs: number) => ({
      userId: member.id,
      currency: "PTS",
      brand: "Acme",
      name: "Acme $10",
      valueCents: 1000,
      cost: 10_000,
      deliveryEmail: "walker@example.test",
      status,
      requestKey: randomUUID(),
      createdAt: new Date(now.getTime() - agoMs),
    });
    await app.ctx.db
      .insert(giftCardRedemptions)
      .values([
        redemption("pending", 5 * MINUTE),
        redemption("pending", 1 * MINUTE),
        redemption("ordered", 30 * MINUTE),
        redemption("delivered", DAY),
        redemption("failed", DAY),
      ]);
    const s = await scrapeNow();
    expectSample(s, "steprace_gift_card_queue_size", { status: "pending" }, 2);
    expectSample(s, "steprace_gift_card_queue_size", { status: "issuing" }, 0);
    expectSample(s, "steprace_gift_card_queue_size", { status: "ordered" }, 1);
    expectSample(s, "steprace_gift_card_queue_oldest_age_seconds", { status: "pending" }, 300);
    expectSample(s, "steprace_gift_card_queue_oldest_age_seconds", { status: "issuing" }, 0);
    expectSample(s, "steprace_gift_card_queue_oldest_age_seconds", { status: "ordered" }, 1800);
    await app.ctx.db
      .update(giftCardRedemptions)
      .set({ status: "failed" })
      .where(eq(giftCardRedemptions.userId, member.id));
  });

  it("a reading that fails is logged and leaves its gauges as they were; the scrape still answers", async () => {
    const { app, clock } = t();
    const warn = vi.fn();
    const log = { ...app.log, warn } as unknown as FastifyBaseLogger;
    let broken = false;
    // The app's database, until it is made to fail every query.
    const db = new Proxy(app.ctx.db, {
      get(target, prop, receiver) {
        if (broken && prop === "execute") return () => Promise.reject(new Error("connection lost"));
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const probe: AppContext = { ...app.ctx, db, log, metrics: createMetrics() };
    watchAppState(probe);

    const member = await buildUser(app);
    await app.ctx.db.insert(giftCardRedemptions).values({
      userId: member.id,
      currency: "PTS",
      brand: "Acme",
      name: "Acme $10",
      valueCents: 1000,
      cost: 10_000,
      deliveryEmail: "walker@example.test",
      status: "pending",
      requestKey: randomUUID(),
      createdAt: new Date(clock.now().getTime() - MINUTE),
    });
    const pending = { status: "pending" };
    expectSample(await scrapeSamples(probe.metrics), "steprace_gift_card_queue_size", pending, 1);

    broken = true;
    await app.ctx.db
      .update(giftCardRedemptions)
      .set({ status: "failed" })
      .where(eq(giftCardRedemptions.userId, member.id));
    const during = await scrapeSamples(probe.metrics);
    expectSample(during, "steprace_gift_card_queue_size", pending, 1);
    expectSample(during, "steprace_gift_card_queue_oldest_age_seconds", pending, 60);
    // Once per reading (settlement, notifications, gift cards), not once per gauge.
    expect(warn).toHaveBeenCalledTimes(3);
    const messages = warn.mock.calls.map((call) => String(call[1])).sort();
    expect(messages).toEqual([
      expect.stringContaining("gift-card queue"),
      expect.stringContaining("notification queue"),
      expect.stringContaining("settlement backlog"),
    ]);

    broken = false;
    expectSample(await scrapeSamples(probe.metrics), "steprace_gift_card_queue_size", pending, 0);
  });
});
