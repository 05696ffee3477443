import { describe, expect, it } from "vitest";
import { userBalances } from "../../ledger/accounts";
import { fundedMember } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { tremendousTestKit } from "./tremendous-test-kit";

/**
 * An admin's refund of an order Tremendous holds: what Tremendous allows decides (reject an order
 * pending approval, cancel a failed delivery), and what it does not is refused with 409 and what
 * the admin can do, recorded in the audit log like the refunds.
 */
describe("an admin's refund of an order Tremendous holds", () => {
  const k = tremendousTestKit();
  const { t, fake } = k;
  const refund = async (id: number, payload?: object) =>
    k.post(await k.adminSession(), `/api/admin/redemptions/${id}/refund`, payload);
  const auditOf = async (action: string, id: number) =>
    (
      await t().app.inject({
        url: `/api/admin/audit-log?action=${action}&targetId=${id}`,
        headers: (await k.adminSession()).headers,
      })
    ).json().items as { reason: string | null; details: Record<string, unknown> }[];
  const posts = (path: string) => fake().requests.filter((r) => r.method === "POST" && r.path.endsWith(path));

  async function placed(brand: string, mode: "pending" | "open") {
    fake().mode = mode;
    const offer = await k.activeOffer(brand);
    const m = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(m.session, offer)).json().redemption.id as number;
    const [order] = await k.ordersFor(id);
    return { ...m, id, order };
  }

  it("pending approval: rejected at Tremendous, refunded once, audited with the admin's reason", async () => {
    const { user, id, order } = await placed("Reject", "pending");
    const res = await refund(id, { reason: "The member cancelled" });
    expect(res.statusCode, res.body).toBe(200);
    expect(posts(`/order_approvals/${order.id}/reject`)).toHaveLength(1);
    expect(fake().order(order.id).status).toBe("CANCELED");
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
    expect(await k.refundTransfers(id)).toBe(1);
    const [entry] = await auditOf("redemption.refund", id);
    expect(entry).toMatchObject({ reason: "The member cancelled", details: { provider: "stopped" } });
    expect((await refund(id)).statusCode).toBe(409);
    await expectBooksBalanced(t().app);
  });

  it("pending approval without approvals through the API: 409 saying what to do, nothing refunded, audited", async () => {
    fake().approvalsViaApi = false;
    try {
      const { user, id, order } = await placed("No Approvals", "pending");
      const res = await refund(id, { reason: "Asked twice" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/reject it in the Tremendous dashboard/);
      expect(res.json().message).toMatch(/Allow approvals via API/);
      expect(fake().order(order.id).status).toBe("PENDING APPROVAL");
      expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(0);
      // The claim is given back: the order waits at Tremendous as before, with the reason shown.
      expect(await k.row(id)).toMatchObject({ status: "ordered", lastError: res.json().message });
      const [entry] = await auditOf("redemption.refund_refused", id);
      expect(entry).toMatchObject({ reason: "Asked twice", details: { why: "not_stoppable" } });
      // Rejected in the dashboard meanwhile: the refund goes through.
      fake().fail(order.id);
      expect((await refund(id)).statusCode).toBe(200);
      expect(await k.refundTransfers(id)).toBe(1);
    } finally {
      fake().approvalsViaApi = true;
    }
  });

  it("an order Tremendous is processing (OPEN): 409, it cannot be stopped now", async () => {
    const { id, order } = await placed("Processing", "open");
    expect(order.status).toBe("OPEN");
    const res = await refund(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still processing this order .* cannot be stopped now/);
    expect(await k.refundTransfers(id)).toBe(0);
    expect(posts(`/rewards/${order.reward.id}/cancel`)).toHaveLength(0);
  });

  it("a failed delivery: cancelled at Tremendous (2xx), refunded once", async () => {
    const { user, id, order } = await placed("Delivery Failed", "pending");
    fake().failDelivery(order.id);
    const res = await refund(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(posts(`/rewards/${order.reward.id}/cancel`)).toHaveLength(1);
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(5_000);
  });

  it("an order id we recorded that Tremendous no longer finds (404): 409, no refund", async () => {
    const { user, id, order } = await placed("Vanished", "pending");
    expect((await k.row(id)).providerReference).toBe(order.id);
    // As seen through another API key or environment, or a proxy answering 404.
    fake().forget(order.id);
    const res = await refund(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`does not find order ${order.id}.*nothing was refunded`));
    expect((await userBalances(t().app.ctx.db, user.id)).fc).toBe(0);
    expect(await k.refundTransfers(id)).toBe(0);
    expect((await k.row(id)).status).toBe("ordered");
    const [entry] = await auditOf("redemption.refund_refused", id);
    expect(entry.details).toMatchObject({ why: "unknown_order", providerOrderId: order.id });
  });

  it("400 for a reason that is too long or not text; nothing changes", async () => {
    const { id } = await placed("Bad Reason", "pending");
    expect((await refund(id, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await refund(id, { reason: 42 })).statusCode).toBe(400);
    expect((await k.row(id)).status).toBe("ordered");
  });
});
