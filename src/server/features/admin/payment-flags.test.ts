import { describe, expect, it } from "vitest";
import { paymentFlags } from "../../db/schema";
import { buildUser, DEVICE, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("admin review of card refunds and disputes", () => {
  const t = useTestApp();

  async function flagged(reference: string, shortfallCents: number) {
    const member = await buildUser(t().app, { firstName: "Dana" });
    const [row] = await t()
      .app.ctx.db.insert(paymentFlags)
      .values({
        userId: member.id,
        provider: "stripe",
        providerPaymentId: "pi_123",
        purpose: "deposit",
        reason: "dispute",
        reference,
        amountCents: 4000,
        shortfallCents,
        createdAt: t().clock.now(),
      })
      .returning({ id: paymentFlags.id });
    return { member, id: row.id };
  }

  it("lists open flags with the amounts in dollars and closes one once", async () => {
    const { member, id } = await flagged("dp_1", 3500);
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const list = await t().app.inject({ url: "/api/admin/payment-flags", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id,
        userId: member.id,
        username: member.username,
        purpose: "deposit",
        reason: "dispute",
        reference: "dp_1",
        paymentId: "pi_123",
        amount: "40.00",
        shortfall: "35.00",
      }),
    ]);
    const review = (flagId: number | string) =>
      t().app.inject({
        method: "POST",
        url: `/api/admin/payment-flags/${flagId}/review`,
        headers: admin.headers,
      });
    expect((await review(id)).json()).toEqual({ message: "Marked as reviewed" });
    expect(
      (await t().app.inject({ url: "/api/admin/payment-flags", headers: admin.headers })).json(),
    ).toEqual([]);
    expect((await review(id)).statusCode).toBe(404);
    expect((await review("x")).statusCode).toBe(400);
  });

  it("answers 401 without a session and 403 to members, and changes nothing", async () => {
    const { id } = await flagged("dp_2", 0);
    expect((await t().app.inject({ url: "/api/admin/payment-flags", headers: DEVICE })).statusCode).toBe(401);
    const member = await loginAs(t().app, await buildUser(t().app));
    expect(
      (await t().app.inject({ url: "/api/admin/payment-flags", headers: member.headers })).statusCode,
    ).toBe(403);
    const close = await t().app.inject({
      method: "POST",
      url: `/api/admin/payment-flags/${id}/review`,
      headers: member.headers,
    });
    expect(close.statusCode).toBe(403);
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const open = (await t().app.inject({ url: "/api/admin/payment-flags", headers: admin.headers })).json();
    expect(open.map((f: { id: number }) => f.id)).toContain(id);
  });
});
