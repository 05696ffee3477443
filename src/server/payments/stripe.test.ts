import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTION_PRICE_CENTS } from "../../core/constants";
import { checkoutSessions, payments, subscriptions } from "../db/schema";
import { buildUser, loginAs, type Session } from "../test/factories";
import { type FakeStripe, signedWebhook, startFakeStripe, stripeEvent } from "../test/fake-stripe";
import { buildTestApp, type TestApp } from "../test/test-app";

const WEBHOOK_SECRET = "whsec_test";
const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

describe("stripe payments", () => {
  // The app's config needs the fake's URL, so both start here rather than through useTestApp.
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(stripeEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const json = { "content-type": "application/json" };

  async function member() {
    const user = await buildUser(t.app, { subscribed: false });
    return { user, session: await loginAs(t.app, user) };
  }

  async function createCheckout(session: Session) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: { ...session.headers, ...json },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    return { url, id: url.split("/").pop() as string };
  }

  function confirm(session: Session | undefined, checkoutId: string) {
    return t.app.inject({
      method: "GET",
      url: `/api/subscription/confirm?session_id=${encodeURIComponent(checkoutId)}`,
      headers: session?.headers,
    });
  }

  async function statusOf(session: Session) {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { subscriptionStatus: string }).subscriptionStatus;
  }

  /** A member who paid on Stripe Checkout and came back to the success page. */
  async function paidMember() {
    const m = await member();
    const checkout = await createCheckout(m.session);
    const paid = fake.completeCheckout(checkout.id, t.clock.now());
    expect((await confirm(m.session, checkout.id)).statusCode).toBe(200);
    return { ...m, checkout, ...paid };
  }

  function postWebhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const { payload, headers } = signedWebhook(event, secret);
    return t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
  }

  const paymentRows = (userId: number) =>
    t.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  async function subscriptionRow(userId: number) {
    const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  it("creates a Stripe Checkout session with the membership price and answers its URL", async () => {
    const { user, session } = await member();
    const before = fake.requests.length;
    const checkout = await createCheckout(session);

    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = fake.requests.slice(before).filter((r) => r.path === "/v1/checkout/sessions");
    expect(sent).toHaveLength(1);
    const form = sent[0].form;
    expect(sent[0].authorization).toBe("Bearer sk_test_x");
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(SUBSCRIPTION_PRICE_CENTS),
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][product_data][name]": "StepRace Membership",
      customer_email: user.email,
      client_reference_id: String(user.id),
      "metadata[userId]": String(user.id),
      "subscription_data[metadata][userId]": String(user.id),
    });
    expect(form["line_items[0][price_data][unit_amount]"]).toBe("699");
    expect(form.success_url).toContain("/subscription-success?session_id={CHECKOUT_SESSION_ID}");
    expect(form.cancel_url).toMatch(/\/subscribe$/);

    const [row] = await t.app.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkout.id));
    expect(row).toMatchObject({
      userId: user.id,
      provider: "stripe",
      purpose: "subscription",
      status: "open",
    });
  });

  it("expires the member's earlier open checkout, so only one can ever be paid", async () => {
    const { session } = await member();
    const first = await createCheckout(session);
    const second = await createCheckout(session);
    expect(second.id).not.toBe(first.id);
    expect(fake.requestsTo("POST", `/v1/checkout/sessions/${first.id}/expire`)).toHaveLength(1);
    expect(fake.session(first.id)).toMatchObject({ status: "expired" });
    const [row] = await t.app.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, first.id));
    expect(row.status).toBe("expired");
  });

  it("reuses a returning member's Stripe customer for a new checkout", async () => {
    const { user, session, customerId } = await paidMember();
    const row = await subscriptionRow(user.id);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ status: "expired" })
      .where(eq(subscriptions.userId, row.userId));
    const before = fake.requests.length;
    await createCheckout(session);
    const [sent] = fake.requests.slice(before).filter((r) => r.path === "/v1/checkout/sessions");
    expect(sent.form.customer).toBe(customerId);
    expect(sent.form.customer_email).toBeUndefined();
  });

  it("keeps the member inactive while the checkout is unpaid", async () => {
    const { user, session } = await member();
    const checkout = await createCheckout(session);
    const res = await confirm(session, checkout.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriptionStatus: "inactive", checkoutStatus: "open" });
    expect(await statusOf(session)).toBe("inactive");
    expect(await paymentRows(user.id)).toHaveLength(0);
  });

  it("activates on confirm once Stripe reports the session paid", async () => {
    const { user, session } = await member();
    const checkout = await createCheckout(session);
    const paid = fake.completeCheckout(checkout.id, t.clock.now());
    const before = fake.requests.length;

    const res = await confirm(session, checkout.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriptionStatus: "active", checkoutStatus: "complete" });
    expect(await statusOf(session)).toBe("active");

    const lookup = fake.requests.slice(before).find((r) => r.path === `/v1/checkout/sessions/${checkout.id}`);
    expect(Object.values(lookup?.query ?? {})).toEqual(expect.arrayContaining(["subscription", "invoice"]));
    const rows = await paymentRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      providerPaymentId: paid.invoiceId,
      amountCents: 699,
      status: "succeeded",
    });
    const sub = await subscriptionRow(user.id);
    expect(sub).toMatchObject({
      status: "active",
      provider: "stripe",
      providerSubscriptionId: paid.subscriptionId,
      providerCustomerId: paid.customerId,
    });
    const stripeSub = fake.subscription(paid.subscriptionId) as {
      items: { data: { current_period_end: number }[] };
    };
    expect(sub.currentPeriodEnd.getTime()).toBe(stripeSub.items.data[0].current_period_end * 1000);
  });

  it("records one payment when confirm, checkout.session.completed and invoice.paid all see it", async () => {
    const m = await paidMember();
    const completed = stripeEvent("checkout.session.completed", fake.session(m.checkout.id));
    const invoicePaid = stripeEvent("invoice.paid", fake.invoice(m.invoiceId));
    const succeeded = stripeEvent("invoice.payment_succeeded", fake.invoice(m.invoiceId));

    for (const event of [completed, invoicePaid, succeeded, completed, invoicePaid]) {
      const res = await postWebhook(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await confirm(m.session, m.checkout.id)).json()).toMatchObject({ subscriptionStatus: "active" });

    const rows = await paymentRows(m.user.id);
    expect(rows.map((r) => r.providerPaymentId)).toEqual([m.invoiceId]);
  });

  it("activates from invoice.paid alone when the webhook outruns the member's redirect", async () => {
    const { user, session } = await member();
    const checkout = await createCheckout(session);
    const paid = fake.completeCheckout(checkout.id, t.clock.now());

    expect((await postWebhook(stripeEvent("invoice.paid", fake.invoice(paid.invoiceId)))).statusCode).toBe(
      200,
    );
    expect(await statusOf(session)).toBe("active");
    expect((await subscriptionRow(user.id)).providerSubscriptionId).toBe(paid.subscriptionId);

    await confirm(session, checkout.id);
    expect(await paymentRows(user.id)).toHaveLength(1);
  });

  it("activates from checkout.session.completed when the member never comes back", async () => {
    const { user, session } = await member();
    const checkout = await createCheckout(session);
    const paid = fake.completeCheckout(checkout.id, t.clock.now());

    const completed = stripeEvent("checkout.session.completed", fake.session(checkout.id));
    expect((await postWebhook(completed)).statusCode).toBe(200);
    expect(await statusOf(session)).toBe("active");
    expect((await paymentRows(user.id)).map((r) => r.providerPaymentId)).toEqual([paid.invoiceId]);
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const m = await paidMember();
    const { invoiceId } = fake.renew(m.subscriptionId);
    const before = await subscriptionRow(m.user.id);

    const res = await postWebhook(stripeEvent("invoice.paid", fake.invoice(invoiceId)), "whsec_forged");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_SIGNATURE", message: expect.any(String) });

    const tampered = signedWebhook(stripeEvent("invoice.paid", fake.invoice(invoiceId)), WEBHOOK_SECRET);
    const altered = await t.app.inject({
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
    const res = await t.app.inject({
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
    const { invoiceId } = fake.renew(m.subscriptionId);
    const renewal = stripeEvent("invoice.paid", fake.invoice(invoiceId));

    expect((await postWebhook(renewal)).statusCode).toBe(200);
    expect((await postWebhook(renewal)).statusCode).toBe(200);

    const sub = await subscriptionRow(m.user.id);
    const stripeSub = fake.subscription(m.subscriptionId) as {
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
    fake.updateSubscription(m.subscriptionId, { cancelAtPeriodEnd: true });
    const canceled = stripeEvent("customer.subscription.updated", fake.subscription(m.subscriptionId));
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("cancel_at_period_end");
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("cancel_at_period_end");

    fake.updateSubscription(m.subscriptionId, { cancelAtPeriodEnd: false });
    const resumed = stripeEvent("customer.subscription.updated", fake.subscription(m.subscriptionId));
    expect((await postWebhook(resumed)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("active");

    // A stale "canceling" event delivered late does not undo the newer state Stripe reports.
    expect((await postWebhook(canceled)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("active");
  });

  it("cancels and reactivates on Stripe from the app", async () => {
    const m = await paidMember();
    const path = `/v1/subscriptions/${m.subscriptionId}`;

    const cancel = await t.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { ...m.session.headers, ...json },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ subscriptionStatus: "cancel_at_period_end" });
    expect(fake.requestsTo("POST", path).map((r) => r.form)).toEqual([{ cancel_at_period_end: "true" }]);
    expect(fake.subscription(m.subscriptionId)).toMatchObject({ cancel_at_period_end: true });

    const reactivate = await t.app.inject({
      method: "POST",
      url: "/api/subscription/reactivate",
      headers: { ...m.session.headers, ...json },
    });
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json()).toMatchObject({ subscriptionStatus: "active" });
    expect(fake.requestsTo("POST", path).map((r) => r.form)).toEqual([
      { cancel_at_period_end: "true" },
      { cancel_at_period_end: "false" },
    ]);
    expect(fake.subscription(m.subscriptionId)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
  });

  it("expires the membership on customer.subscription.deleted", async () => {
    const m = await paidMember();
    fake.updateSubscription(m.subscriptionId, { status: "canceled" });
    const deleted = stripeEvent("customer.subscription.deleted", fake.subscription(m.subscriptionId));
    expect((await postWebhook(deleted)).statusCode).toBe(200);
    expect(await statusOf(m.session)).toBe("expired");
    expect((await subscriptionRow(m.user.id)).status).toBe("expired");
    expect((await postWebhook(deleted)).statusCode).toBe(200);
    expect((await subscriptionRow(m.user.id)).status).toBe("expired");
  });

  it("answers 404 for another member's checkout and 401 without a session", async () => {
    const owner = await member();
    const checkout = await createCheckout(owner.session);
    fake.completeCheckout(checkout.id, t.clock.now());
    const other = await member();

    const foreign = await confirm(other.session, checkout.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(other.session)).toBe("inactive");
    expect(await paymentRows(other.user.id)).toHaveLength(0);

    const anonymous = await confirm(undefined, checkout.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "UNAUTHENTICATED" });

    expect((await confirm(owner.session, "cs_test_unknown")).statusCode).toBe(404);

    // Ours but unknown to Stripe (e.g. created under other keys): not found rather than a 500.
    await t.app.ctx.db.insert(checkoutSessions).values({
      id: "cs_test_gone",
      userId: owner.user.id,
      provider: "stripe",
      purpose: "subscription",
      amountCents: 699,
      successUrl: "http://localhost/subscription-success",
      cancelUrl: "http://localhost/subscribe",
    });
    expect((await confirm(owner.session, "cs_test_gone")).statusCode).toBe(404);
  });

  it("documents the webhook in OpenAPI", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as { paths: Record<string, { post?: { tags?: string[] } }> };
    expect(doc.paths["/api/stripe/webhook"]?.post?.tags).toEqual(["stripe"]);
  });
});

describe("stripe webhook without a secret", () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("refuses every event with 400", async () => {
    const { payload, headers } = signedWebhook(stripeEvent("invoice.paid", { id: "in_x" }), WEBHOOK_SECRET);
    const res = await t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "WEBHOOK_NOT_CONFIGURED", message: expect.any(String) });
  });
});
