import { describe, expect, it } from "vitest";
import { formatTime } from "../../../core/dates";
import { userBalances } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { refreshRedemption } from "./redemption-apply";
import { tremendousTestKit } from "./tremendous-test-kit";

const MINUTE = 60_000;

/**
 * Issue 29 item 4: a refund never races a late order. The first request to place an order gets no
 * answer, yet Tremendous makes the order later: an admin's refund waits while that may happen, an
 * order found is followed instead of refunded, and a card delivered after a refund is kept for the
 * admins rather than dropped.
 */
describe("a refund and an order Tremendous makes late", () => {
  const k = tremendousTestKit();
  const { t, fake } = k;
  const refund = async (id: number) => k.post(await k.adminSession(), `/api/admin/redemptions/${id}/refund`);
  const fc = async (userId: number) => (await userBalances(t().app.ctx.db, userId)).fc;
  const auditOf = async (action: string, id: number) =>
    (
      await t().app.inject({
        url: `/api/admin/audit-log?action=${action}&targetId=${id}`,
        headers: (await k.adminSession()).headers,
      })
    ).json().items as { details: Record<string, unknown> }[];

  /** A 50 FC redemption whose order request got no answer (Tremendous makes it when told). */
  async function unanswered(brand: string) {
    const offer = await k.activeOffer(brand);
    const member = await fundedMember(t().app, 50);
    fake().lateCreates = 1;
    const res = await k.redeemFitcoins(member.session, offer);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().redemption.id as number;
    const row = await k.row(id);
    expect(row).toMatchObject({ status: "pending", providerReference: null });
    expect(row.orderRequestedAt).toEqual(t().clock.now());
    expect(await k.ordersFor(id)).toHaveLength(0);
    return { ...member, id, requestedAt: row.orderRequestedAt as Date };
  }

  it("refuses the refund while the order may still be made, then follows the order made meanwhile", async () => {
    const { user, id, requestedAt } = await unanswered("Late Open");
    const res = await refund(id);
    expect(res.statusCode).toBe(409);
    // Tremendous's deadline (60 s) and a margin of 4 minutes after the request, to the minute.
    const until = new Date(Math.ceil((requestedAt.getTime() + 5 * MINUTE) / MINUTE) * MINUTE);
    expect(res.json().message).toBe(
      "The gift card provider may still be creating this order (our last request for it got no answer). " +
        `Try the refund again after ${formatTime(until, { timeZone: "UTC" })} (UTC).`,
    );
    expect(await fc(user.id)).toBe(0);
    expect(await k.refundTransfers(id)).toBe(0);
    expect((await k.row(id)).status).toBe("pending");
    const [entry] = await auditOf("redemption.refund_refused", id);
    expect(entry.details).toMatchObject({ why: "order_may_still_come" });

    // Tremendous makes the order after all, and keeps it going: the refund finds it and follows it.
    fake().mode = "open";
    fake().makeLateOrders();
    const [order] = await k.ordersFor(id);
    t().clock.advance(2 * MINUTE);
    const again = await refund(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/still processing this order/);
    expect(await k.row(id)).toMatchObject({ status: "ordered", providerReference: order.id });
    expect(await k.refundTransfers(id)).toBe(0);
    // Delivered: the card is the member's, nothing was refunded.
    fake().deliver(order.id);
    const hook = await k.webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await k.row(id)).toMatchObject({ status: "fulfilled", lateCardAt: null });
    expect(await fc(user.id)).toBe(0);
    expect(await k.costTransfers(id)).toHaveLength(1);
    await expectBooksBalanced(t().app);
  });

  it("refunds once when retried after the window; a card delivered later is kept for the admins, not dropped", async () => {
    const { user, session, id } = await unanswered("Late Deliver");
    expect((await refund(id)).statusCode).toBe(409);
    t().clock.advance(6 * MINUTE);
    // Two admins at once: one refund, the other told it is under way.
    const [a, b] = await Promise.all([refund(id), refund(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await fc(user.id)).toBe(5_000);
    expect(await k.refundTransfers(id)).toBe(1);
    expect((await refund(id)).statusCode).toBe(409);
    expect(await k.refundTransfers(id)).toBe(1);

    // The request made its order after all, and Tremendous delivers it.
    fake().mode = "deliver";
    fake().makeLateOrders();
    const [order] = await k.ordersFor(id);
    const hook = await k.webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id });
    expect(hook.statusCode, hook.body).toBe(200);
    const row = await k.row(id);
    expect(row).toMatchObject({
      status: "failed",
      providerReference: order.id,
      giftCardLink: order.reward.delivery.link,
      deliveredAt: null,
    });
    expect(row.lateCardAt).not.toBeNull();
    const queue = await t().app.inject({
      url: "/api/admin/redemptions?status=failed",
      headers: (await k.adminSession()).headers,
    });
    expect(queue.json().items.find((r: { id: number }) => r.id === id)).toMatchObject({
      lateCardAt: expect.any(String),
      providerOrderId: order.id,
      lastError: expect.stringMatching(/delivered a card for this redemption after it was refunded/),
    });
    // Nobody is sent the card, nobody pays for it twice; the member's refund stays theirs.
    expect(await k.costTransfers(id)).toEqual([]);
    expect((await k.mailTo(user.email)).map((m) => m.subject).join()).not.toMatch(/is ready|your card/i);
    const mine = await k.fitcoinRedemptions(session);
    expect(mine.redemptions.find((r) => r.id === id)).toMatchObject({ status: "failed", giftCardLink: null });
    // Told again (a replayed webhook): reported once.
    const reported = row.lateCardAt;
    t().clock.advance(MINUTE);
    await k.webhook("REWARDS.DELIVERY.SUCCEEDED", { type: "rewards", id: order.reward.id });
    expect((await k.row(id)).lateCardAt).toEqual(reported);
    await expectBooksBalanced(t().app);
  });

  it("a retry Tremendous refuses is not refunded while the first, unanswered request may still make its order", async () => {
    const { user, id, requestedAt } = await unanswered("Retry Refused");
    fake().mode = "reject";
    t().clock.advance(2 * MINUTE);
    await finishPendingRedemptions(t().app.ctx);
    // The retry asked first (nothing yet), then was refused: the member waits, nothing refunded yet.
    expect(await k.row(id)).toMatchObject({ status: "pending", orderRequestedAt: requestedAt });
    expect(await fc(user.id)).toBe(0);
    expect(await k.refundTransfers(id)).toBe(0);
    // Past the window the next retry, refused again, refunds once.
    t().clock.advance(6 * MINUTE);
    await finishPendingRedemptions(t().app.ctx);
    await finishPendingRedemptions(t().app.ctx);
    expect(await k.row(id)).toMatchObject({ status: "failed" });
    expect(await fc(user.id)).toBe(5_000);
    expect(await k.refundTransfers(id)).toBe(1);
    fake().mode = "deliver";
    await expectBooksBalanced(t().app);
  });

  it("a request Tremendous answered with an error makes no order later: refunded at once", async () => {
    const offer = await k.activeOffer("Answered Down");
    const { user, session } = await fundedMember(t().app, 50);
    fake().down = true;
    const res = await k.redeemFitcoins(session, offer);
    fake().down = false;
    const id = res.json().redemption.id as number;
    expect(await k.row(id)).toMatchObject({ status: "pending", orderRequestedAt: null });
    expect((await refund(id)).statusCode).toBe(200);
    expect(await fc(user.id)).toBe(5_000);
  });

  it("a poll that read the redemption before the refund keeps the card delivered after it", async () => {
    const { user, id } = await unanswered("Late Poll");
    const before = await k.row(id);
    t().clock.advance(6 * MINUTE);
    expect((await refund(id)).statusCode).toBe(200);
    fake().mode = "deliver";
    fake().makeLateOrders();
    const after = await refreshRedemption(t().app.ctx, before);
    expect(after).toMatchObject({ status: "failed", giftCardLink: expect.stringMatching(/^https:/) });
    expect(after.lateCardAt).not.toBeNull();
    expect(await fc(user.id)).toBe(5_000);
    expect(await k.refundTransfers(id)).toBe(1);
    expect(await k.costTransfers(id)).toEqual([]);
    await expectBooksBalanced(t().app);
  });
});
