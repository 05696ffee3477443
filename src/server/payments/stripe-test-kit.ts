import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { payments, subscriptions } from "../db/schema";
import { buildUser, loginAs, type Session } from "../test/factories";
import { type FakeStripe, signedWebhook, startFakeStripe } from "../test/fake-stripe";
import { buildTestApp, type TestApp } from "../test/test-app";

export const WEBHOOK_SECRET = "whsec_test";

/**
 * A test app whose payments go to a fake Stripe, opened before the file's tests and closed after
 * (the app's config needs the fake's URL, so both start here rather than through useTestApp), and
 * the calls the Stripe tests make on it.
 */
export function stripeTestKit(env: Record<string, string> = { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) {
  let fakeStripe: FakeStripe | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    app = await buildTestApp({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: fakeStripe.url, ...env });
  });
  afterAll(async () => {
    await app?.close();
    await fakeStripe?.close();
  });
  const t = () => {
    if (!app) throw new Error("test app not ready");
    return app;
  };
  const fake = () => {
    if (!fakeStripe) throw new Error("fake Stripe not ready");
    return fakeStripe;
  };

  const json = { "content-type": "application/json" };

  async function member() {
    const user = await buildUser(t().app, { subscribed: false });
    return { user, session: await loginAs(t().app, user) };
  }

  async function createCheckout(session: Session) {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: { ...session.headers, ...json },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    return { url, id: url.split("/").pop() as string };
  }

  function confirm(session: Session | undefined, checkoutId: string) {
    return t().app.inject({
      method: "GET",
      url: `/api/subscription/confirm?session_id=${encodeURIComponent(checkoutId)}`,
      headers: session?.headers,
    });
  }

  async function statusOf(session: Session) {
    const res = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { subscriptionStatus: string }).subscriptionStatus;
  }

  /** A member who paid on Stripe Checkout and came back to the success page. */
  async function paidMember() {
    const m = await member();
    const checkout = await createCheckout(m.session);
    const paid = fake().completeCheckout(checkout.id, t().clock.now());
    expect((await confirm(m.session, checkout.id)).statusCode).toBe(200);
    return { ...m, checkout, ...paid };
  }

  function postWebhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const { payload, headers } = signedWebhook(event, secret);
    return t().app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
  }

  const paymentRows = (userId: number) =>
    t().app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  async function subscriptionRow(userId: number) {
    const [row] = await t().app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  return {
    t,
    fake,
    json,
    member,
    createCheckout,
    confirm,
    statusOf,
    paidMember,
    postWebhook,
    paymentRows,
    subscriptionRow,
  };
}
