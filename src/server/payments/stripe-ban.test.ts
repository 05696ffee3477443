import { describe, expect, it } from "vitest";
import { buildUser, loginAs } from "../test/factories";
import { stripeEvent } from "../test/fake-stripe";
import { stripeTestKit } from "./stripe-test-kit";

/**
 * Issue 32: a ban stops a Stripe membership's renewal on Stripe too, and lifting it turns renewal
 * back on there, through the same provider calls as the member's own cancel and reactivate.
 */
describe("a ban and a membership paid on Stripe", () => {
  const { t, fake, json, paidMember, postWebhook, statusOf, subscriptionRow } = stripeTestKit();

  it("cancels at the period's end on Stripe, and lifting the ban resumes it there", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const m = await paidMember();
    const path = `/v1/subscriptions/${m.subscriptionId}`;
    const act = (what: "ban" | "unban") =>
      t().app.inject({
        method: "POST",
        url: `/api/admin/users/${m.user.id}/${what}`,
        headers: { ...admin.headers, ...json },
        payload: what === "ban" ? { reason: "Chargeback fraud" } : {},
      });

    const banned = await act("ban");
    expect(banned.statusCode).toBe(200);
    expect(banned.json().membership).toBe("stopped");
    expect(
      fake()
        .requestsTo("POST", path)
        .map((r) => r.form),
    ).toEqual([{ cancel_at_period_end: "true" }]);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    // Stripe's own word of the change, delivered after it, changes nothing.
    const canceled = stripeEvent("customer.subscription.updated", fake().subscription(m.subscriptionId));
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await subscriptionRow(m.user.id)).toMatchObject({
      status: "cancel_at_period_end",
      stoppedByBanAt: expect.any(Date),
    });

    const lifted = await act("unban");
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().membership).toBe("restored");
    expect(
      fake()
        .requestsTo("POST", path)
        .map((r) => r.form),
    ).toEqual([{ cancel_at_period_end: "true" }, { cancel_at_period_end: "false" }]);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    expect(await subscriptionRow(m.user.id)).toMatchObject({ status: "active", stoppedByBanAt: null });
    const back = await loginAs(t().app, m.user);
    expect(await statusOf(back)).toBe("active");

    // A second ban and its lifting call Stripe again, the same way.
    expect((await act("ban")).json().membership).toBe("stopped");
    expect((await act("unban")).json().membership).toBe("restored");
    expect(fake().requestsTo("POST", path)).toHaveLength(4);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({ cancel_at_period_end: false });
  });

  it("leaves a Stripe membership the member had cancelled alone, on Stripe too", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const m = await paidMember();
    const path = `/v1/subscriptions/${m.subscriptionId}`;
    const cancel = await t().app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { ...m.session.headers, ...json },
    });
    expect(cancel.statusCode).toBe(200);
    const headers = { ...admin.headers, ...json };
    const ban = await t().app.inject({
      method: "POST",
      url: `/api/admin/users/${m.user.id}/ban`,
      headers,
      payload: { reason: "Abuse" },
    });
    expect(ban.json().membership).toBe("ending");
    const unban = await t().app.inject({
      method: "POST",
      url: `/api/admin/users/${m.user.id}/unban`,
      headers,
    });
    expect(unban.json().membership).toBe("none");
    // Only the member's own cancellation reached Stripe.
    expect(
      fake()
        .requestsTo("POST", path)
        .map((r) => r.form),
    ).toEqual([{ cancel_at_period_end: "true" }]);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({ cancel_at_period_end: true });
  });
});
