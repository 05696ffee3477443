import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { userBalances } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { type FakeTremendous, startFakeTremendous } from "../../test/fake-tremendous";
import { expectBooksBalanced } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";
import { finishPendingRedemptions } from "./redemption.service";
import { POLL_MS, redemptionCalls, TREMENDOUS_WEBHOOK_SECRET, tremendousEnv } from "./tremendous-test-kit";

/**
 * Gift cards from Tremendous with many requests and two server processes on one database (on
 * PostgreSQL, two connection pools): one order per redemption, one charge per order, one refund
 * and one books transfer however many see the same news.
 */
describe("Tremendous redemptions under concurrency, on two instances", () => {
  let fake: FakeTremendous;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeTremendous();
    Object.assign(env, tremendousEnv(fake));
  });
  afterAll(async () => {
    await fake?.close();
  });
  // The offers are a month's: the file's clock moves on by a day and a half, so it starts early in
  // a month, not at the real time (which may be its last evening).
  const apps = useTwoInstances(env, { now: "2026-03-02T09:00:00Z" });
  const first = () => apps().first.app;
  const second = () => apps().second;
  const k = redemptionCalls(first);
  const on = (app: App) => redemptionCalls(() => app);
  const ordersFor = async (id: number) => {
    const reference = await k.reference(id);
    return fake.orders().filter((o) => o.external_id === reference);
  };
  const webhook = (app: App, resource: { type: "rewards" | "orders"; id: string }, event: string) => {
    const { payload, headers } = fake.webhook(event, resource, TREMENDOUS_WEBHOOK_SECRET);
    return app.inject({ method: "POST", url: "/api/webhooks/tremendous", headers, payload });
  };

  it("10 requests with one Idempotency-Key, through both instances: one order, one charge", async () => {
    fake.mode = "deliver";
    const offer = await k.activeOffer("Same Key");
    const { user, session } = await fundedMember(first(), 200);
    const creates = fake.creates().length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        on(i % 2 ? second() : first()).redeemFitcoins(session, offer, "scale-same-key-1"),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.json().redemption.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await ordersFor(id)).toHaveLength(1);
    // Only the request that made the redemption placed its order: the others answered it.
    expect(fake.creates().length - creates).toBe(1);
    expect((await userBalances(first().ctx.db, user.id)).fc).toBe(15_000);
    expect(await k.costTransfers(id)).toHaveLength(1);
    await expectBooksBalanced(first());
  });

  it("10 requests with different keys and FitCoins for 3: exactly 3 orders and 3 charges", async () => {
    fake.mode = "deliver";
    const offer = await k.activeOffer("Different Keys");
    const { user, session } = await fundedMember(first(), 160);
    const before = fake.orders().length;
    const creates = fake.creates().length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        on(i % 2 ? second() : first()).redeemFitcoins(
          session,
          offer,
          `scale-key-${String(i).padStart(4, "0")}`,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422, 422]);
    expect(fake.orders().length - before).toBe(3);
    expect(fake.creates().length - creates).toBe(3);
    expect((await userBalances(first().ctx.db, user.id)).fc).toBe(1_000);
    for (const r of results.filter((x) => x.statusCode === 200)) {
      expect(await k.costTransfers(r.json().redemption.id)).toHaveLength(1);
    }
    await expectBooksBalanced(first());
  });

  it("a failed order seen by webhooks and polls on both instances at once refunds once, one email", async () => {
    fake.mode = "pending";
    const offer = await k.activeOffer("Both Fail");
    const { user, session } = await fundedMember(first(), 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const [order] = await ordersFor(id);
    fake.fail(order.id);
    apps().first.clock.advance(POLL_MS + 1);
    const hooks = await Promise.all([
      webhook(first(), { type: "orders", id: order.id }, "ORDERS.FAILED"),
      webhook(second(), { type: "orders", id: order.id }, "ORDERS.FAILED"),
      finishPendingRedemptions(first().ctx),
      finishPendingRedemptions(second().ctx),
      webhook(second(), { type: "rewards", id: order.reward.id }, "REWARDS.CANCELED"),
    ]);
    expect(
      hooks.filter((h) => typeof h === "object").map((h) => (h as { statusCode: number }).statusCode),
    ).toEqual([200, 200, 200]);
    expect(await k.refundTransfers(id)).toBe(1);
    expect((await userBalances(first().ctx.db, user.id)).fc).toBe(5_000);
    expect(await k.mailTo(user.email)).toHaveLength(1);
    await expectBooksBalanced(first());
  });

  it("a delivery seen by both instances at once is booked and emailed once", async () => {
    fake.mode = "pending";
    const offer = await k.activeOffer("Both Deliver");
    const { user, session } = await fundedMember(first(), 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const [order] = await ordersFor(id);
    fake.deliver(order.id);
    apps().first.clock.advance(POLL_MS + 1);
    await Promise.all([
      webhook(first(), { type: "rewards", id: order.reward.id }, "REWARDS.DELIVERY.SUCCEEDED"),
      webhook(second(), { type: "rewards", id: order.reward.id }, "REWARDS.DELIVERY.SUCCEEDED"),
      finishPendingRedemptions(first().ctx),
      finishPendingRedemptions(second().ctx),
    ]);
    expect((await k.row(id)).status).toBe("fulfilled");
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
    await expectBooksBalanced(first());
  });

  it("an admin refund racing the job on the other instance: each card is placed or refunded, never both", async () => {
    const offer = await k.activeOffer("Race");
    const admin = await k.adminSession();
    const outcomes: number[] = [];
    for (let round = 0; round < 4; round++) {
      fake.mode = "deliver";
      fake.down = true;
      const { user, session } = await fundedMember(first(), 50);
      const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
      fake.down = false;
      apps().first.clock.advance(POLL_MS * 2 ** 10);
      const [refund] = await Promise.all([
        k.post(admin, `/api/admin/redemptions/${id}/refund`),
        finishPendingRedemptions(second().ctx),
      ]);
      outcomes.push(refund.statusCode);
      const row = await k.row(id);
      if (refund.statusCode === 200) {
        expect(row.status).toBe("failed");
        expect(await ordersFor(id)).toHaveLength(0);
        expect(await k.costTransfers(id)).toEqual([]);
        expect(await k.refundTransfers(id)).toBe(1);
        expect((await userBalances(first().ctx.db, user.id)).fc).toBe(5_000);
      } else {
        // The job placed it first: the refund found it being placed, or issued.
        expect(refund.statusCode, refund.body).toBe(409);
        // Whatever the refund met, the job's order is the one card, delivered and booked once.
        await finishPendingRedemptions(first().ctx);
        expect((await k.row(id)).status).toBe("fulfilled");
        expect(await ordersFor(id)).toHaveLength(1);
        expect(await k.costTransfers(id)).toHaveLength(1);
        expect(await k.refundTransfers(id)).toBe(0);
      }
    }
    expect(outcomes).toHaveLength(4);
    await expectBooksBalanced(first());
  });
});
