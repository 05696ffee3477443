import { describe, expect, it } from "vitest";
import { userBalances } from "../../ledger/accounts";
import { buildUser, fundedMember, loginAs } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { tremendousTestKit } from "./tremendous-test-kit";

describe("the admins' redemptions queue", () => {
  const k = tremendousTestKit();
  const { t, fake } = k;
  const list = async (query = "") => {
    const res = await t().app.inject({
      url: `/api/admin/redemptions${query}`,
      headers: (await k.adminSession()).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: number; [key: string]: unknown }[]; nextCursor: number | null };
  };
  const act = async (id: number | string, what: "retry" | "refund") =>
    k.post(await k.adminSession(), `/api/admin/redemptions/${id}/${what}`);
  const auditOf = async (action: string) =>
    (
      await t().app.inject({
        url: `/api/admin/audit-log?action=${action}`,
        headers: (await k.adminSession()).headers,
      })
    ).json().items as { targetId: number; targetUser: { id: number }; details: Record<string, unknown> }[];

  /** A FitCoin redemption whose order could not be placed (Tremendous was down): no order exists. */
  async function unplaced(brand: string) {
    fake().down = true;
    const offer = await k.activeOffer(brand);
    const m = await fundedMember(t().app, 50);
    const res = await k.redeemFitcoins(m.session, offer);
    fake().down = false;
    return { ...m, id: res.json().redemption.id as number };
  }

  it("401 signed out, 403 for members, 400 bad status or id, 404 unknown redemption", async () => {
    const member = await loginAs(t().app, await buildUser(t().app));
    expect((await t().app.inject({ url: "/api/admin/redemptions" })).statusCode).toBe(401);
    expect(
      (await t().app.inject({ url: "/api/admin/redemptions", headers: member.headers })).statusCode,
    ).toBe(403);
    expect((await k.post(null, "/api/admin/redemptions/1/retry")).statusCode).toBe(401);
    expect((await k.post(member, "/api/admin/redemptions/1/retry")).statusCode).toBe(403);
    expect((await k.post(member, "/api/admin/redemptions/1/refund")).statusCode).toBe(403);
    const admin = await k.adminSession();
    expect(
      (await t().app.inject({ url: "/api/admin/redemptions?status=shipped", headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t().app.inject({ url: "/api/admin/redemptions?limit=0", headers: admin.headers })).statusCode,
    ).toBe(400);
    expect((await act("abc", "retry")).statusCode).toBe(400);
    expect((await act(999_999, "retry")).statusCode).toBe(404);
    expect((await act(999_999, "refund")).statusCode).toBe(404);
  });

  it("lists pending orders with member, item, value, provider order, attempts and last error, paged", async () => {
    const a = await unplaced("Queue A");
    fake().mode = "pending";
    const offer = await k.activeOffer("Queue B");
    const b = await fundedMember(t().app, 50);
    const placed = (await k.redeemFitcoins(b.session, offer)).json().redemption.id;
    const page = await list("?status=pending&limit=1");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: placed,
      member: { id: b.user.id, username: b.user.username },
      item: "Queue B $50 Gift Card",
      value: "50.00",
      currency: "FC",
      cost: 50,
      status: "ordered",
      attempts: 1,
      lastError: null,
    });
    expect(page.items[0].providerOrderId).toBe(fake().order(await k.reference(placed)).id);
    const next = await list(`?status=pending&limit=1&cursor=${page.nextCursor}`);
    expect(next.items[0]).toMatchObject({
      id: a.id,
      status: "pending",
      providerOrderId: null,
      attempts: 1,
      lastError: expect.stringMatching(/Tremendous 503/),
    });
  });

  it("lists delivered cards newest first: member, card, value, delivered time and order references, paged", async () => {
    fake().mode = "deliver";
    const offer = await k.activeOffer("Delivered A");
    const a = await fundedMember(t().app, 50);
    const first = (await k.redeemFitcoins(a.session, offer)).json().redemption.id as number;
    const b = await fundedMember(t().app, 50);
    const second = (await k.redeemFitcoins(b.session, offer)).json().redemption.id as number;
    fake().mode = "pending";
    const c = await fundedMember(t().app, 50);
    const waiting = (await k.redeemFitcoins(c.session, offer)).json().redemption.id as number;

    const page = await list("?status=delivered&limit=1");
    expect(page.items.map((i) => i.id)).toEqual([second]);
    expect(page.items[0]).toMatchObject({
      member: { id: b.user.id, username: b.user.username },
      item: "Delivered A $50 Gift Card",
      value: "50.00",
      status: "fulfilled",
      deliveredAt: expect.any(String),
      orderReference: await k.reference(second),
      providerOrderId: fake().order(await k.reference(second)).id,
    });
    const next = await list(`?status=delivered&limit=1&cursor=${page.nextCursor}`);
    expect(next.items.map((i) => i.id)).toEqual([first]);
    // The one still at the provider is not delivered; it waits in the pending list, undelivered.
    const all = await list("?status=delivered&limit=100");
    expect(all.items.map((i) => i.id)).not.toContain(waiting);
    const pending = await list("?status=pending&limit=100");
    expect(pending.items.find((i) => i.id === waiting)).toMatchObject({ deliveredAt: null });
  });

  it("retry places an unplaced order, or asks about a placed one, now; audited", async () => {
    fake().mode = "deliver";
    const a = await unplaced("Retry A");
    const res = await act(a.id, "retry");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "The card was delivered",
      redemption: { status: "fulfilled" },
    });
    const [entry] = await auditOf("redemption.retry");
    expect(entry).toMatchObject({
      targetId: a.id,
      targetUser: { id: a.user.id },
      details: { to: "fulfilled" },
    });
    expect((await act(a.id, "retry")).statusCode).toBe(409);

    fake().mode = "pending";
    const offer = await k.activeOffer("Retry B");
    const b = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(b.session, offer)).json().redemption.id;
    const waiting = await act(id, "retry");
    expect(waiting.json()).toMatchObject({ redemption: { status: "ordered", attempts: 2 } });
    fake().deliver(await k.reference(id));
    expect((await act(id, "retry")).json().redemption.status).toBe("fulfilled");
    expect(await k.costTransfers(id)).toHaveLength(1);
  });

  it("refund of an order Tremendous never placed: checked by external id, refunded once, audited", async () => {
    const a = await unplaced("Refund A");
    const before = fake().requests.length;
    const res = await act(a.id, "refund");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redemption).toMatchObject({ status: "failed" });
    expect(
      fake()
        .requests.slice(before)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([`GET /api/v2/orders/${await k.reference(a.id)}`]);
    expect((await userBalances(t().app.ctx.db, a.user.id)).fc).toBe(5_000);
    const [entry] = await auditOf("redemption.refund");
    expect(entry).toMatchObject({
      targetId: a.id,
      targetUser: { id: a.user.id },
      details: { refunded: "50.00" },
    });
    const again = await act(a.id, "refund");
    expect(again.statusCode).toBe(409);
    expect(await k.refundTransfers(a.id)).toBe(1);
    expect((await auditOf("redemption.refund")).filter((e) => e.targetId === a.id)).toHaveLength(1);
    expect((await list("?status=failed")).items[0]).toMatchObject({ id: a.id, status: "failed" });
    // The job never places the order of a refunded redemption.
    fake().mode = "deliver";
    t().clock.advance(3600_000);
    await finishPendingRedemptions(t().app.ctx);
    expect(await k.ordersFor(a.id)).toHaveLength(0);
  });

  it("refund of an order waiting for approval at Tremendous rejects it there first", async () => {
    fake().mode = "pending";
    const offer = await k.activeOffer("Refund B");
    const b = await fundedMember(t().app, 50);
    const id = (await k.redeemFitcoins(b.session, offer)).json().redemption.id;
    const res = await act(id, "refund");
    expect(res.statusCode, res.body).toBe(200);
    expect(fake().order(await k.reference(id)).status).toBe("CANCELED");
    expect((await userBalances(t().app.ctx.db, b.user.id)).fc).toBe(5_000);
    await expectBooksBalanced(t().app);
  });

  it("409 for the refund of an issued card, even one the app had not heard of yet (then delivered)", async () => {
    fake().mode = "deliver";
    const offer = await k.activeOffer("Issued");
    const c = await fundedMember(t().app, 100);
    const delivered = (await k.redeemFitcoins(c.session, offer)).json().redemption.id;
    const refused = await act(delivered, "refund");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A card was issued for this redemption: it cannot be refunded");

    fake().mode = "pending";
    const id = (await k.redeemFitcoins(c.session, offer)).json().redemption.id;
    fake().deliver(await k.reference(id));
    const late = await act(id, "refund");
    expect(late.statusCode).toBe(409);
    expect((await k.row(id)).status).toBe("fulfilled");
    expect(await k.costTransfers(id)).toHaveLength(1);
    expect(await k.refundTransfers(id)).toBe(0);
    expect((await userBalances(t().app.ctx.db, c.user.id)).fc).toBe(0);
    expect((await auditOf("redemption.refund")).filter((e) => e.targetId === id)).toHaveLength(0);
    // Both refusals are in the log: the card the app knew of, and the one it learnt of by asking.
    const refusals = await auditOf("redemption.refund_refused");
    expect(refusals.filter((e) => e.targetId === delivered || e.targetId === id)).toHaveLength(2);
    expect(refusals.find((e) => e.targetId === id)?.details).toMatchObject({
      why: "issued",
      status: "fulfilled",
    });
  });

  it("a retry that fails is audited too, with the error; a placed order asked about while Tremendous is down: 502, audited", async () => {
    const a = await unplaced("Retry Down");
    fake().down = true;
    try {
      const res = await act(a.id, "retry");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ redemption: { status: "pending", attempts: 2 } });
      const [entry] = (await auditOf("redemption.retry")).filter((e) => e.targetId === a.id);
      expect(entry.details).toMatchObject({
        from: "pending",
        to: "pending",
        error: expect.stringMatching(/503/),
      });

      fake().down = false;
      fake().mode = "pending";
      const offer = await k.activeOffer("Retry Down B");
      const b = await fundedMember(t().app, 50);
      const id = (await k.redeemFitcoins(b.session, offer)).json().redemption.id;
      fake().down = true;
      const failed = await act(id, "retry");
      expect(failed.statusCode).toBe(502);
      const [logged] = (await auditOf("redemption.retry")).filter((e) => e.targetId === id);
      expect(logged.details).toMatchObject({
        from: "ordered",
        to: "ordered",
        error: expect.stringMatching(/503/),
      });
      expect(await k.row(id)).toMatchObject({ status: "ordered", errorStreak: 1 });
    } finally {
      fake().down = false;
    }
  });
});
