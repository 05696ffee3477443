import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACCOUNT_SHARDS } from "../../../core/constants";
import { giftCardRedemptions, rewardGiftCards } from "../../db/schema";
import { userBalances, userPoints } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { memberWithPoints } from "./rewards-test-kit";
import { POLL_MS, TREMENDOUS_WEBHOOK_SECRET, tremendousTestKit } from "./tremendous-test-kit";

describe("gift cards from Tremendous (the fake): orders, delivery, webhooks and polling", () => {
  const k = tremendousTestKit();
  const { t, fake } = k;
  const job = () => finishPendingRedemptions(t().app.ctx);
  const webhook = (event: string, resource: { type: "rewards" | "orders"; id: string }, secret?: string) => {
    const { payload, headers } = fake().webhook(event, resource, secret ?? TREMENDOUS_WEBHOOK_SECRET);
    return t().app.inject({ method: "POST", url: "/api/webhooks/tremendous", headers, payload });
  };
  const ordersFor = (id: number) =>
    fake()
      .orders()
      .filter((o) => o.external_id === `redemption-${id}`);
  const creates = () => fake().requests.filter((r) => r.method === "POST" && r.path.endsWith("/orders"));

  it("a points card delivered at once: one LINK order for its product, the link shown and emailed, the books once", async () => {
    fake().mode = "deliver";
    const { user, session } = await memberWithPoints(t().app, 60_000);
    const [card] = await t().app.ctx.db.select().from(rewardGiftCards).limit(1);
    await t()
      .app.ctx.db.update(rewardGiftCards)
      .set({ providerProductId: "PROD_AMAZON" })
      .where(eq(rewardGiftCards.id, card.id));
    const res = await k.post(session, "/api/rewards/redeem", {
      giftCardId: card.id,
      deliveryEmail: "points@example.test",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { redemption } = res.json();
    expect(redemption).toMatchObject({ status: "delivered", giftCardCode: null });
    expect(redemption.giftCardLink).toMatch(/^https:\/\/testflight\.tremendous\.example\/rewards\/payout\//);
    const [order] = ordersFor(redemption.id);
    expect(order).toMatchObject({ status: "EXECUTED", products: ["PROD_AMAZON"], campaign_id: null });
    expect(order.reward).toMatchObject({
      value: { denomination: 5, currency_code: "USD" },
      recipient: { email: "points@example.test", name: `${user.firstName} Member` },
      delivery: { method: "LINK" },
    });
    expect(order.payment.funding_source_id).toBe("balance");
    const mail = await k.mailTo("points@example.test");
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain(redemption.giftCardLink);
    expect(await k.costTransfers(redemption.id)).toEqual([
      {
        amount: "500",
        user_id: user.id,
        debit: "system:marketing_budget",
        credit: "system:gift_cards_payable",
      },
    ]);
    // The books never show in the member's own history.
    const history = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
    expect(history.map((h: { type: string }) => h.type)).not.toContain("gift_card_cost");
    await expectBooksBalanced(t().app);
  });

  it("a FitCoin card pending, then delivered by the signed webhook; a replay changes nothing", async () => {
    fake().mode = "pending";
    const offer = await k.activeOffer("Nike");
    const { user, session } = await fundedMember(t().app, 60);
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      balance: 10,
      message: `Your $50.00 Nike gift card is being issued; its link will be emailed to ${user.email} shortly`,
      redemption: { status: "pending", giftCardCode: null, giftCardLink: null },
    });
    const id = res.json().redemption.id;
    expect((await k.row(id)).status).toBe("ordered");
    const [order] = ordersFor(id);
    // No product of its own: the configured campaign's.
    expect(order).toMatchObject({ campaign_id: "CAMPAIGN1", products: [], status: "PENDING APPROVAL" });
    expect(await k.costTransfers(id)).toEqual([]);

    fake().deliver(order.id);
    const hook = await webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id });
    expect(hook.statusCode, hook.body).toBe(200);
    const after = (await k.fitcoinRedemptions(session)).redemptions[0];
    expect(after).toMatchObject({ id, status: "fulfilled", giftCardLink: order.reward.delivery.link });
    const n = user.id % SYSTEM_ACCOUNT_SHARDS;
    const shard = n === 0 ? "system:fitcoin_reserve" : `system:fitcoin_reserve:${n}`;
    expect(await k.costTransfers(id)).toEqual([
      { amount: "5000", user_id: user.id, debit: shard, credit: "system:gift_cards_payable" },
    ]);
    expect(
      await webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id }),
    ).toMatchObject({
      statusCode: 200,
    });
    expect(await webhook("ORDERS.FAILED", { type: "orders", id: order.id })).toMatchObject({
      statusCode: 200,
    });
    expect((await k.row(id)).status).toBe("fulfilled");
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(1_000);
    await expectBooksBalanced(t().app);
  });

  it("delivered by polling when no webhook comes, every GIFT_CARD_POLL_MS", async () => {
    fake().mode = "pending";
    const offer = await k.activeOffer("REI");
    const { session } = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const [order] = ordersFor(id);
    fake().deliver(order.id);
    const gets = () =>
      fake().requests.filter((r) => r.method === "GET" && r.path.endsWith(`/redemption-${id}`));
    expect(await job()).toBe(0);
    expect(gets()).toHaveLength(0);
    t().clock.advance(POLL_MS + 1);
    expect(await job()).toBe(1);
    expect(gets()).toHaveLength(1);
    expect((await k.fitcoinRedemptions(session)).redemptions[0]).toMatchObject({ status: "fulfilled" });
    expect(await k.costTransfers(id)).toHaveLength(1);
    t().clock.advance(POLL_MS + 1);
    expect(await job()).toBe(0);
    expect(gets()).toHaveLength(1);
  });

  it("a failed order refunds once when the webhook and the poll see it at the same time; the member is told", async () => {
    fake().mode = "pending";
    const offer = await k.activeOffer("Target");
    const { user, session } = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const [order] = ordersFor(id);
    fake().fail(order.id);
    t().clock.advance(POLL_MS + 1);
    const [hook] = await Promise.all([
      webhook("ORDERS.FAILED", { type: "orders", id: order.id }),
      job(),
      job(),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(await webhook("ORDERS.FAILED", { type: "orders", id: order.id })).toMatchObject({
      statusCode: 200,
    });
    expect(await job()).toBe(0);
    expect(await k.refundTransfers(id)).toBe(1);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
    expect((await k.fitcoinRedemptions(session)).redemptions[0]).toMatchObject({ status: "failed" });
    const mail = await k.mailTo(user.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your $50.00 Target gift card could not be issued"]);
    expect(mail[0].textBody).toContain("50 FitCoins");
    expect(await k.costTransfers(id)).toEqual([]);
    await expectBooksBalanced(t().app);
  });

  it("a reward whose delivery failed is cancelled at Tremendous, then refunded", async () => {
    fake().mode = "pending";
    const { user, session } = await memberWithPoints(t().app, 60_000);
    const [card] = await t().app.ctx.db.select().from(rewardGiftCards).limit(1);
    const res = await k.post(session, "/api/rewards/redeem", {
      giftCardId: card.id,
      deliveryEmail: "df@example.test",
    });
    const id = res.json().redemption.id;
    const [order] = ordersFor(id);
    fake().failDelivery(order.id);
    expect(
      (await webhook("REWARDS.DELIVERY.FAILED", { type: "rewards", id: order.reward.id })).statusCode,
    ).toBe(200);
    expect(fake().order(order.id).status).toBe("CANCELED");
    expect((await k.row(id)).status).toBe("failed");
    expect(await userPoints(t().app.ctx.db, user.id)).toBe(13_200);
  });

  it("a forged webhook (bad, missing or tampered signature) is refused and changes nothing", async () => {
    fake().mode = "pending";
    const offer = await k.activeOffer("Forged");
    const { session } = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const [order] = ordersFor(id);
    fake().fail(order.id);
    const forged = await webhook("ORDERS.FAILED", { type: "orders", id: order.id }, "not-the-secret");
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("INVALID_SIGNATURE");
    const signed = fake().webhook(
      "ORDERS.FAILED",
      { type: "orders", id: order.id },
      TREMENDOUS_WEBHOOK_SECRET,
    );
    const missing = await t().app.inject({
      method: "POST",
      url: "/api/webhooks/tremendous",
      headers: { "content-type": "application/json" },
      payload: signed.payload,
    });
    expect(missing.statusCode).toBe(400);
    const tampered = await t().app.inject({
      method: "POST",
      url: "/api/webhooks/tremendous",
      headers: signed.headers,
      payload: signed.payload.replace(order.id, "OTHER"),
    });
    expect(tampered.statusCode).toBe(401);
    const garbage = await t().app.inject({
      method: "POST",
      url: "/api/webhooks/tremendous",
      headers: { ...signed.headers, "tremendous-webhook-signature": "sha256=zz" },
      payload: signed.payload,
    });
    expect(garbage.statusCode).toBe(401);
    expect((await k.row(id)).status).toBe("ordered");
    expect(await k.refundTransfers(id)).toBe(0);
  });

  it("a client retry with the same Idempotency-Key places one order and charges once", async () => {
    fake().mode = "deliver";
    const offer = await k.activeOffer("Retry");
    const { user, session } = await fundedMember(t().app, 120);
    const before = creates().length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => k.redeemFitcoins(session, offer, "tremendous-retry-1")),
    );
    const again = await k.redeemFitcoins(session, offer, "tremendous-retry-1");
    expect([...answers, again].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set([...answers, again].map((r) => r.json().redemption.id));
    expect(ids.size).toBe(1);
    expect(ordersFor([...ids][0])).toHaveLength(1);
    expect(creates().length - before).toBe(1);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(7_000);
  });

  it("a crash between the order and its answer: the retry finds the order by its external id, one card", async () => {
    fake().mode = "deliver";
    fake().dropAnswers = 1;
    const offer = await k.activeOffer("Crash");
    const { user, session } = await fundedMember(t().app, 60);
    const first = await k.redeemFitcoins(session, offer, "tremendous-crash-1");
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().redemption.id;
    expect(first.json().redemption).toMatchObject({ status: "pending", giftCardLink: null });
    expect((await k.row(id)).lastError).toMatch(/Tremendous unreachable/);
    expect(ordersFor(id)).toHaveLength(1);
    const retry = await k.redeemFitcoins(session, offer, "tremendous-crash-1");
    expect(retry.json().redemption).toMatchObject({ id, status: "fulfilled" });
    expect(retry.json().redemption.giftCardLink).toMatch(/^https:/);
    expect(ordersFor(id)).toHaveLength(1);
    expect(
      fake().requests.some((r) => r.method === "GET" && r.path.endsWith(`/orders/redemption-${id}`)),
    ).toBe(true);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(1_000);
    expect(await k.costTransfers(id)).toHaveLength(1);
  });

  it("a process that stopped after placing the order: the job finds it by external id once the claim is stale", async () => {
    fake().mode = "pending";
    fake().dropAnswers = 1;
    const offer = await k.activeOffer("Stopped");
    const { session } = await fundedMember(t().app, 60);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    // As if the process had died while its order was out: the claim is left behind.
    await t()
      .app.ctx.db.update(giftCardRedemptions)
      .set({ status: "issuing", claimedAt: t().clock.now() })
      .where(eq(giftCardRedemptions.id, id));
    const before = creates().length;
    t().clock.advance(2 * 60_000);
    await job();
    expect((await k.row(id)).status).toBe("issuing");
    t().clock.advance(4 * 60_000);
    fake().deliver(ordersFor(id)[0].id);
    expect(await job()).toBe(1);
    expect((await k.row(id)).status).toBe("fulfilled");
    expect(creates().length).toBe(before);
    expect(ordersFor(id)).toHaveLength(1);
  });

  it("refused by Tremendous (422): 502 to the member, refunded once, told by email", async () => {
    fake().mode = "reject";
    const offer = await k.activeOffer("Refused");
    const { user, session } = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(session, offer, "tremendous-refused-1");
    expect(res.statusCode).toBe(502);
    expect((await k.redeemFitcoins(session, offer, "tremendous-refused-1")).statusCode).toBe(502);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
    const [r] = (await k.fitcoinRedemptions(session)).redemptions;
    expect(r.status).toBe("failed");
    expect((await k.row(r.id)).lastError).toMatch(/Tremendous 422/);
    expect(await k.refundTransfers(r.id)).toBe(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
  });

  it("an outage keeps the order pending with a growing delay, never refunded; it goes through afterwards", async () => {
    fake().mode = "deliver";
    fake().down = true;
    const offer = await k.activeOffer("Outage");
    const { user, session } = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(session, offer);
    const id = res.json().redemption.id;
    expect(res.json().redemption.status).toBe("pending");
    const first = await k.row(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first.lastError).toMatch(/Tremendous 503/);
    t().clock.advance(POLL_MS + 1);
    await job();
    const second = await k.row(id);
    expect(second.attempts).toBe(2);
    // The second failure waits twice as long.
    expect((second.nextCheckAt as Date).getTime() - t().clock.now().getTime()).toBe(2 * POLL_MS);
    fake().down = false;
    t().clock.advance(2 * POLL_MS + 1);
    expect(await job()).toBe(1);
    expect((await k.row(id)).status).toBe("fulfilled");
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(0);
    await expectBooksBalanced(t().app);
  });
});

describe("Tremendous without a campaign", () => {
  const k = tremendousTestKit({ TREMENDOUS_CAMPAIGN_ID: "" });

  it("refuses (and refunds) a card without a product of its own, with no request to Tremendous", async () => {
    const offer = await k.activeOffer("No Product");
    const { user, session } = await fundedMember(k.t().app, 50);
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode).toBe(502);
    expect((await userBalances(k.t().app.ctx.db, user.id)).fc).toBe(5_000);
    expect(k.fake().orders()).toHaveLength(0);
  });
});
