import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SUBSCRIPTION_PRICE_CENTS } from "../../core/constants";
import { checkoutSessions, subscriptions } from "../db/schema";
import { stripeEvent } from "../test/fake-stripe";
import { stripeTestKit } from "./stripe-test-kit";

describe("stripe checkout", () => {
  const {
    t,
    fake,
    member,
    createCheckout,
    confirm,
    statusOf,
    paidMember,
    postWebhook,
    paymentRows,
    subscriptionRow,
  } = stripeTestKit();

  it("creates a Stripe Checkout session with the membership price and answers its URL", async () => {
    const { user, session } = await member();
    const before = fake().requests.length;
    const checkout = await createCheckout(session);

    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = fake()
      .requests.slice(before)
      .filter((r) => r.path === "/v1/checkout/sessions");
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

    const [row] = await t()
      .app.ctx.db.select()
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
    expect(fake().requestsTo("POST", `/v1/checkout/sessions/${first.id}/expire`)).toHaveLength(1);
    expect(fake().session(first.id)).toMatchObject({ status: "expired" });
    const [row] = await t()
      .app.ctx.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.id));
    expect(row.status).toBe("expired");
  });

  it("reuses a returning member's Stripe customer for a new checkout", async () => {
    const { user, session, customerId } = await paidMember();
    const row = await subscriptionRow(user.id);
    await t()
      .app.ctx.db.update(subscriptions)
      .set({ status: "expired" })
      .where(eq(subscriptions.userId, row.userId));
    const before = fake().requests.length;
    await createCheckout(session);
    const [sent] = fake()
      .requests.slice(before)
      .filter((r) => r.path === "/v1/checkout/sessions");
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
    const paid = fake().completeCheckout(checkout.id, t().clock.now());
    const before = fake().requests.length;

    const res = await confirm(session, checkout.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriptionStatus: "active", checkoutStatus: "complete" });
    expect(await statusOf(session)).toBe("active");

    const lookup = fake()
      .requests.slice(before)
      .find((r) => r.path === `/v1/checkout/sessions/${checkout.id}`);
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
    const stripeSub = fake().subscription(paid.subscriptionId) as {
      items: { data: { current_period_end: number }[] };
    };
    expect(sub.currentPeriodEnd.getTime()).toBe(stripeSub.items.data[0].current_period_end * 1000);
  });

  it("records one payment when confirm, checkout.session.completed and invoice.paid all see it", async () => {
    const m = await paidMember();
    const completed = stripeEvent("checkout.session.completed", fake().session(m.checkout.id));
    const invoicePaid = stripeEvent("invoice.paid", fake().invoice(m.invoiceId));
    const succeeded = stripeEvent("invoice.payment_succeeded", fake().invoice(m.invoiceId));

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
    const paid = fake().completeCheckout(checkout.id, t().clock.now());

    expect((await postWebhook(stripeEvent("invoice.paid", fake().invoice(paid.invoiceId)))).statusCode).toBe(
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
    const paid = fake().completeCheckout(checkout.id, t().clock.now());

    const completed = stripeEvent("checkout.session.completed", fake().session(checkout.id));
    expect((await postWebhook(completed)).statusCode).toBe(200);
    expect(await statusOf(session)).toBe("active");
    expect((await paymentRows(user.id)).map((r) => r.providerPaymentId)).toEqual([paid.invoiceId]);
  });

  it("answers 404 for another member's checkout and 401 without a session", async () => {
    const owner = await member();
    const checkout = await createCheckout(owner.session);
    fake().completeCheckout(checkout.id, t().clock.now());
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
    await t().app.ctx.db.insert(checkoutSessions).values({
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
    const res = await t().app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as { paths: Record<string, { post?: { tags?: string[] } }> };
    expect(doc.paths["/api/stripe/webhook"]?.post?.tags).toEqual(["stripe"]);
  });
});
