import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCardRedemptions } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { POLL_MS, tremendousTestKit } from "./tremendous-test-kit";

/**
 * Whose order an external id names (a 409 or a late answer may be another database's), an order
 * still being placed when its webhook comes, unclear failures in a row, and deliveries that failed.
 */
describe("Tremendous orders: ownership, claims, backoff and failed deliveries", () => {
  const k = tremendousTestKit();
  const { t, fake, ordersFor, webhook } = k;
  const job = () => finishPendingRedemptions(t().app.ctx);
  const posts = (path: string) => fake().requests.filter((r) => r.method === "POST" && r.path.endsWith(path));

  /** A FitCoin redemption whose order waits at Tremendous (pending approval), and that order. */
  async function waiting(brand: string, fitcoins = 50) {
    fake().mode = "pending";
    const offer = await k.activeOffer(brand);
    const m = await fundedMember(t().app, fitcoins);
    const id = (await k.redeemFitcoins(m.session, offer)).json().redemption.id as number;
    const [order] = await ordersFor(id);
    return { ...m, id, order };
  }

  it("every redemption has its own random external id, the one its order carries", async () => {
    const a = await waiting("Random A");
    const b = await waiting("Random B");
    const [ra, rb] = [await k.reference(a.id), await k.reference(b.id)];
    expect(ra).toMatch(/^redemption-[0-9a-f]{32}$/);
    expect(rb).not.toBe(ra);
    expect(a.order.external_id).toBe(ra);
  });

  it("409 for an order under our external id, for our member and value: taken as ours (looked up with its link)", async () => {
    fake().mode = "deliver";
    const offer = await k.activeOffer("Clash Same");
    const { user, session } = await fundedMember(t().app, 50);
    // Placed before with another name on it: the same external id with other details answers 409.
    fake().clashNext = { email: user.email, denomination: 50, name: "Earlier Name" };
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().redemption.id;
    const [order] = await ordersFor(id);
    const row = await k.row(id);
    // Waiting for approval: no link can be made yet; it is asked for once the card is delivered.
    expect(row).toMatchObject({
      status: "ordered",
      providerReference: order.id,
      lastError: null,
      giftCardLink: null,
    });
    expect(fake().creates().at(-1)?.body).toMatchObject({ external_id: row.orderReference });
    fake().deliver(order.id);
    expect(
      (await webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id })).statusCode,
    ).toBe(200);
    expect(await k.row(id)).toMatchObject({ status: "fulfilled", giftCardLink: order.reward.delivery.link });
    expect(order.reward.delivery.link).toMatch(/\?v=/);
    expect(await k.costTransfers(id)).toHaveLength(1);
  });

  it("409 for another recipient's order under our external id: not adopted, left for an admin, who can refund", async () => {
    fake().mode = "deliver";
    const offer = await k.activeOffer("Clash Other");
    const { user, session } = await fundedMember(t().app, 50);
    fake().clashNext = { email: "someone@staging.example", denomination: 50 };
    const res = await k.redeemFitcoins(session, offer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redemption.status).toBe("pending");
    const id = res.json().redemption.id;
    const [theirs] = await ordersFor(id);
    const row = await k.row(id);
    expect(row).toMatchObject({ status: "pending", providerReference: null, nextCheckAt: null });
    expect(row.lastError).toMatch(/under external id redemption-[0-9a-f]{32} is for another recipient/);
    // The job leaves it alone; the webhook about their order changes nothing here either.
    const seen = fake().requests.length;
    t().clock.advance(24 * 3600_000);
    await job();
    const about = (path: string) => path.includes(row.orderReference) || path.includes(theirs.id);
    expect(
      fake()
        .requests.slice(seen)
        .filter((r) => about(r.path)),
    ).toEqual([]);
    expect((await k.row(id)).attempts).toBe(row.attempts);
    fake().deliver(theirs.id);
    await webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: theirs.reward.id });
    expect(await k.row(id)).toMatchObject({ status: "pending", giftCardLink: null });
    expect(await k.costTransfers(id)).toEqual([]);
    const queue = await t().app.inject({
      url: "/api/admin/redemptions?status=pending",
      headers: (await k.adminSession()).headers,
    });
    expect(queue.json().items.find((r: { id: number }) => r.id === id)?.lastError).toMatch(
      /another recipient/,
    );
    // Nothing of ours was ever placed: the refund goes through and their order is left as it is.
    const refund = await k.post(await k.adminSession(), `/api/admin/redemptions/${id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(fake().order(theirs.id).status).toBe("EXECUTED");
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
    await expectBooksBalanced(t().app);
  });

  it("a webhook arriving while the member's request still holds the claim delivers once", async () => {
    fake().mode = "deliver";
    fake().delayMs = 1_500;
    const offer = await k.activeOffer("Claim Held");
    const { user, session } = await fundedMember(t().app, 50);
    const before = fake().orders().length;
    const request = k.redeemFitcoins(session, offer);
    while (fake().orders().length === before) await new Promise((r) => setTimeout(r, 20));
    const order = fake().orders().at(-1);
    if (!order) throw new Error("no order");
    const [{ id }] = await t()
      .app.ctx.db.select({ id: giftCardRedemptions.id })
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.orderReference, order.external_id ?? ""));
    expect((await k.row(id)).status).toBe("issuing");
    const hook = await webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await k.row(id)).status).toBe("fulfilled");
    const res = await request;
    fake().delayMs = 0;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redemption).toMatchObject({ id, status: "fulfilled" });
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.mailTo(user.email)).toHaveLength(1);
    expect(await ordersFor(id)).toHaveLength(1);
  });

  it("the retry delay grows with unclear failures in a row, not with the polls that went well", async () => {
    const { id } = await waiting("Backoff");
    for (let i = 0; i < 6; i++) {
      t().clock.advance(POLL_MS + 1);
      await job();
    }
    expect((await k.row(id)).attempts).toBeGreaterThanOrEqual(7);
    const wait = async () => ((await k.row(id)).nextCheckAt as Date).getTime() - t().clock.now().getTime();
    fake().down = true;
    t().clock.advance(POLL_MS + 1);
    await job();
    expect(await k.row(id)).toMatchObject({ errorStreak: 1, status: "ordered" });
    expect(await wait()).toBe(POLL_MS);
    t().clock.advance(POLL_MS + 1);
    await job();
    expect(await wait()).toBe(2 * POLL_MS);
    fake().down = false;
    t().clock.advance(2 * POLL_MS + 1);
    await job();
    expect(await k.row(id)).toMatchObject({ errorStreak: 0, lastError: null });
  });

  it("a stored link is never made anew: the poll that sees the delivery keeps it", async () => {
    const { id, order } = await waiting("Keep Link");
    const link = (await k.row(id)).giftCardLink;
    expect(link).toBe(order.reward.delivery.link);
    fake().deliver(order.id);
    t().clock.advance(POLL_MS + 1);
    await job();
    expect((await k.row(id)).status).toBe("fulfilled");
    expect(posts(`/rewards/${order.reward.id}/generate_link`)).toHaveLength(0);
    expect((await k.row(id)).giftCardLink).toBe(link);
  });

  it("a failed delivery seen by the webhook and the poll at once: cancelled once (2xx), refunded once", async () => {
    const { user, id, order } = await waiting("Cancel Once");
    fake().failDelivery(order.id);
    t().clock.advance(POLL_MS + 1);
    await Promise.all([
      webhook("REWARDS.DELIVERY.FAILED", { type: "rewards", id: order.reward.id }),
      job(),
      webhook("REWARDS.DELIVERY.FAILED", { type: "rewards", id: order.reward.id }),
    ]);
    expect(posts(`/rewards/${order.reward.id}/cancel`)).toHaveLength(1);
    expect((await k.row(id)).status).toBe("failed");
    expect(await k.refundTransfers(id)).toBe(1);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
  });

  it("a failed delivery the member had already redeemed (cancel answers 422): delivered and booked, no refund", async () => {
    const { user, id, order } = await waiting("Redeemed");
    fake().failDelivery(order.id);
    fake().redeem(order.id);
    const hook = await webhook("REWARDS.DELIVERY.FAILED", { type: "rewards", id: order.reward.id });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await k.row(id)).toMatchObject({ status: "fulfilled", giftCardLink: order.reward.delivery.link });
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.refundTransfers(id)).toBe(0);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(0);
  });

  it("a failed delivery Tremendous will not cancel (expired): kept open with the reason, the admin told what to do", async () => {
    const { id, order } = await waiting("Expired");
    fake().failDelivery(order.id);
    fake().expire(order.id);
    expect(
      (await webhook("REWARDS.DELIVERY.FAILED", { type: "rewards", id: order.reward.id })).statusCode,
    ).toBe(200);
    const row = await k.row(id);
    expect(row).toMatchObject({ status: "ordered", errorStreak: 1 });
    expect(row.lastError).toMatch(/will not cancel this expired reward/);
    const refund = await k.post(await k.adminSession(), `/api/admin/redemptions/${id}/refund`);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toMatch(/ask Tremendous support/);
    expect(await k.refundTransfers(id)).toBe(0);
    // Once Tremendous cancels it (its support, or the dashboard), the next poll refunds.
    fake().fail(order.id);
    t().clock.advance(3600_000);
    await job();
    expect((await k.row(id)).status).toBe("failed");
    expect(await k.refundTransfers(id)).toBe(1);
  });
});
