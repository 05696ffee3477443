import { describe, expect, it } from "vitest";
import { signedWebhook, stripeEvent } from "../test/fake-stripe";
import { stripeTestKit, WEBHOOK_SECRET } from "./stripe-test-kit";

describe("stripe webhooks", () => {
  const { t, fake, json, statusOf, paidMember, postWebhook, paymentRows, subscriptionRow } = stripeTestKit();

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const m = await paidMember();
    const { invoiceId } = fake().renew(m.subscriptionId);
    const before = await subscriptionRow(m.user.id);

    const res = await postWebhook(stripeEvent("invoice.paid", fake().invoice(invoiceId)), "whsec_forged");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_SIGNATURE", message: expect.any(String) });

    const tampered = signedWebhook(stripeEvent("invoice.paid", fake().invoice(invoiceId)), WEBHOOK_SECRET);
    const altered = await t().app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: tampered.headers,
      payload: tampered.payload.replace('"amount_paid":699', '"amount_paid":1'),
    });
    expect(altered.statusCode).toBe(400);

    expect(await paymentRows(m.user.id)).toHaveLength(1);
    expect(await subscriptionRow(m.user.id)).toEqual(before);
  });

  it("refuses a webhook without a signature", async () => {
    const event = stripeEvent("invoice.paid", { id: "in_unsigned", object: "invoice" });
    const res = await t().app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: json,
      payload: JSON.stringify(event),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "INVALID_SIGNATURE",
      message: "Missing Stripe-Signature header",
    });
  });

  it("acknowledges events it does not handle", async () => {
    const res = await postWebhook(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it("extends the period when the renewal invoice is paid", async () => {
    const m = await paidMember();
    const firstEnd = (await subscriptionRow(m.user.id)).currentPeriodEnd;
    const { invoiceId } = fake().renew(m.subscriptionId);
    const renewal = stripeEvent("invoice.paid", fake().invoice(invoiceId));

    expect((await postWebhook(renewal)).statusCode).toBe(200);
    expect((await postWebhook(renewal)).statusCode).toBe(200);

    const sub = await subscriptionRow(m.user.id);
    const stripeSub = fake().subscription(m.subscriptionId) as {
      items: { data: { current_period_end: number }[] };
    };
    expect(sub.currentPeriodEnd.getTime()).toBe(stripeSub.items.data[0].current_period_end * 1000);
    expect(sub.currentPeriodEnd.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect(sub.status).toBe("active");
    expect((await paymentRows(m.user.id)).map((r) => r.providerPaymentId).sort()).toEqual(
      [m.invoiceId, invoiceId].sort(),
    );
  });

  it("follows a cancellation made on Stripe (customer.subscription.updated) and its undo", async () => {
    const m = await paidMember();
    fake().updateSubscription(m.subscriptionId, { cancelAtPeriodEnd: true });
    const canceled = stripeEvent("customer.subscription.updated", fake().subscription(m.subscriptionId));
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("cancel_at_period_end");
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("cancel_at_period_end");

    fake().updateSubscription(m.subscriptionId, { cancelAtPeriodEnd: false });
    const resumed = stripeEvent("customer.subscription.updated", fake().subscription(m.subscriptionId));
    expect((await postWebhook(resumed)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("active");

    // A stale "canceling" event delivered late does not undo the newer state Stripe reports.
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("active");
  });

  it("cancels and reactivates on Stripe from the app", async () => {
    const m = await paidMember();
    const path = `/v1/subscriptions/${m.subscriptionId}`;

    const cancel = await t().app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { ...m.session.headers, ...json },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ subscriptionStatus: "cancel_at_period_end" });
    expect(
      fake()
        .requestsTo("POST", path)
        .map((r) => r.form),
    ).toEqual([{ cancel_at_period_end: "true" }]);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({ cancel_at_period_end: true });

    const reactivate = await t().app.inject({
      method: "POST",
      url: "/api/subscription/reactivate",
      headers: { ...m.session.headers, ...json },
    });
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json()).toMatchObject({ subscriptionStatus: "active" });
    expect(
      fake()
        .requestsTo("POST", path)
        .map((r) => r.form),
    ).toEqual([{ cancel_at_period_end: "true" }, { cancel_at_period_end: "false" }]);
    expect(fake().subscription(m.subscriptionId)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
  });

  it("expires the membership on customer.subscription.deleted", async () => {
    const m = await paidMember();
    fake().updateSubscription(m.subscriptionId, { status: "canceled" });
    const deleted = stripeEvent("customer.subscription.deleted", fake().subscription(m.subscriptionId));
    expect((await postWebhook(deleted)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("expired");
    expect((await subscriptionRow(m.user.id)).status).toBe("expired");
    expect((await postWebhook(deleted)).statusCode).toBe(200);
    expect((await subscriptionRow(m.user.id)).status).toBe("expired");
  });
});

describe("stripe webhook without a secret", () => {
  const { t } = stripeTestKit({});

  it("refuses every event with 400", async () => {
    const { payload, headers } = signedWebhook(stripeEvent("invoice.paid", { id: "in_x" }), WEBHOOK_SECRET);
    const res = await t().app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "WEBHOOK_NOT_CONFIGURED", message: expect.any(String) });
  });
});
