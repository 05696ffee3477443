import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransfers, payments } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { type FakeStripe, signedWebhook, startFakeStripe, stripeEvent } from "../../test/fake-stripe";
import { buildTestApp, type TestApp } from "../../test/test-app";

const WEBHOOK_SECRET = "whsec_deposits";

describe("deposits and FitCoin purchases by card (Stripe)", () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      STRIPE_SECRET_KEY: "sk_test_deposits",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_deposits",
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function member() {
    const user = await buildUser(t.app);
    return { id: user.id, session: await loginAs(t.app, user) };
  }

  const post = (url: string, session: Session | undefined, payload?: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, headers: session?.headers, ...(payload ? { payload } : {}) });

  async function intent(session: Session, amount = 20, purpose?: "deposit" | "fitcoins") {
    const res = await post("/api/create-payment-intent", session, {
      amount,
      ...(purpose ? { purpose } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  }

  function webhook(
    object: Record<string, unknown>,
    type = "payment_intent.succeeded",
    secret = WEBHOOK_SECRET,
  ) {
    const { payload, headers } = signedWebhook(stripeEvent(type, object), secret);
    return t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
  }

  const bookedRows = (id: string) =>
    t.app.ctx.db.select().from(payments).where(eq(payments.providerPaymentId, id));
  const transfersOf = (id: string) =>
    t.app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, id));

  it("creates a payment intent with the member and purpose in its metadata", async () => {
    const { id, session } = await member();
    const before = fake.requests.length;
    const created = await intent(session, 20);
    expect(created.paymentIntentId).toMatch(/^pi_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.paymentIntentId}_secret_`));
    const [sent] = fake.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(sent.authorization).toBe("Bearer sk_test_deposits");
    expect(sent.form).toMatchObject({
      amount: "2000",
      currency: "usd",
      "automatic_payment_methods[enabled]": "true",
      "metadata[userId]": String(id),
      "metadata[purpose]": "deposit",
    });
  });

  it("shows the checkout the Stripe provider and the publishable key", async () => {
    const { session } = await member();
    const created = await intent(session, 12.5, "fitcoins");
    const res = await t.app.inject({
      url: `/api/payments/intent?client_secret=${encodeURIComponent(created.clientSecret)}`,
      headers: session.headers,
    });
    expect(res.json()).toEqual({
      paymentIntentId: created.paymentIntentId,
      amount: "12.50",
      purpose: "fitcoins",
      status: "requires_payment_method",
      provider: "stripe",
      publishableKey: "pk_test_deposits",
    });
    const other = await member();
    const stranger = await t.app.inject({
      url: `/api/payments/intent?client_secret=${encodeURIComponent(created.clientSecret)}`,
      headers: other.session.headers,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("credits once: signed webhook (twice), process-deposit twice and reconciliation", async () => {
    const { id, session } = await member();
    const created = await intent(session, 20);
    const body = { paymentIntentId: created.paymentIntentId, amount: 20 };
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(409);

    const paid = fake.succeedPaymentIntent(created.paymentIntentId);
    expect((await webhook(paid)).statusCode).toBe(200);
    expect((await webhook(paid)).statusCode).toBe(200); // Stripe redelivers
    const first = await post("/api/process-deposit", session, body);
    expect(first.json()).toEqual({
      message: "Deposit of $20.00 processed successfully",
      balance: "20.00",
      fitcoins: 0,
    });
    expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
    const reconcile = await post("/api/reconcile-deposits", session);
    expect(reconcile.json()).toMatchObject({ missingDepositsFound: 0, depositsRecovered: 0 });

    expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
    const moves = await transfersOf(created.paymentIntentId);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      kind: "deposit",
      idempotencyKey: `payment:stripe:${created.paymentIntentId}`,
    });
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
  });

  it("credits once when the webhook and process-deposit arrive together", async () => {
    const { id, session } = await member();
    const created = await intent(session, 45);
    const paid = fake.succeedPaymentIntent(created.paymentIntentId);
    const body = { paymentIntentId: created.paymentIntentId, amount: 45 };
    const answers = await Promise.all([
      webhook(paid),
      post("/api/process-deposit", session, body),
      webhook(paid),
      post("/api/process-deposit", session, body),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 4500, fc: 0 });
  });

  it("books a FitCoin purchase from the webhook: 85% FitCoins, 15% fee", async () => {
    const { id, session } = await member();
    const created = await intent(session, 20, "fitcoins");
    await webhook(fake.succeedPaymentIntent(created.paymentIntentId));
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 0, fc: 1700 });
    const moves = await transfersOf(created.paymentIntentId);
    expect(moves.map((m) => [m.kind, m.currency, m.amount]).sort()).toEqual([
      ["fitcoin_purchase", "FC", 1700],
      ["fitcoin_purchase", "USD", 1700],
      ["platform_fee", "USD", 300],
    ]);
  });

  it("credits nothing for a declined card", async () => {
    const { id, session } = await member();
    const created = await intent(session, 20);
    fake.declinePaymentIntent(created.paymentIntentId, "insufficient_funds");
    const res = await post("/api/process-deposit", session, {
      paymentIntentId: created.paymentIntentId,
      amount: 20,
    });
    expect(res.statusCode).toBe(409);
    expect((await post("/api/reconcile-deposits", session)).json().missingDepositsFound).toBe(0);
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 0, fc: 0 });
    expect(await bookedRows(created.paymentIntentId)).toHaveLength(0);
  });

  it("ignores intents the app did not create and members it does not know", async () => {
    const { id, session } = await member();
    const foreign = fake.createPaymentIntent({ amount: 5000, status: "succeeded" });
    expect((await webhook(foreign)).statusCode).toBe(200);
    const stranger = fake.createPaymentIntent({
      amount: 5000,
      status: "succeeded",
      metadata: { userId: "999999", purpose: "deposit" },
    });
    expect((await webhook(stranger)).statusCode).toBe(200);
    const process = await post("/api/process-deposit", session, {
      paymentIntentId: foreign.id as string,
      amount: 50,
    });
    expect(process.statusCode).toBe(404);
    expect(
      (await post("/api/process-deposit", session, { paymentIntentId: "../v1/charges", amount: 50 }))
        .statusCode,
    ).toBe(404);
    expect(await bookedRows(foreign.id as string)).toHaveLength(0);
    expect(await bookedRows(stranger.id as string)).toHaveLength(0);
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 0, fc: 0 });
  });

  it("refuses a forged payment_intent.succeeded", async () => {
    const { id, session } = await member();
    const created = await intent(session, 20);
    const forged = { ...fake.paymentIntent(created.paymentIntentId), status: "succeeded" };
    const res = await webhook(forged, "payment_intent.succeeded", "whsec_forged");
    expect(res.statusCode).toBe(400);
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 0, fc: 0 });
  });

  it("reconciles a member's missed webhooks by searching Stripe, within 30 days", async () => {
    const { id, session } = await member();
    const missed = await intent(session, 30);
    fake.succeedPaymentIntent(missed.paymentIntentId);
    const old = await intent(session, 8);
    fake.succeedPaymentIntent(old.paymentIntentId);
    fake.setPaymentIntentCreated(
      old.paymentIntentId,
      new Date(t.clock.now().getTime() - 31 * 24 * 3600 * 1000),
    );
    await intent(session, 9); // never paid

    const before = fake.requests.length;
    const res = await post("/api/reconcile-deposits", session);
    expect(res.json()).toMatchObject({
      missingDepositsFound: 1,
      depositsRecovered: 1,
      recoveredDeposits: [
        { amount: "30.00", paymentIntentId: missed.paymentIntentId, transactionId: expect.any(Number) },
      ],
    });
    const [search] = fake
      .requestsTo("GET", "/v1/payment_intents/search")
      .filter((r) => fake.requests.indexOf(r) >= before);
    expect(search.query.query).toContain(`metadata['userId']:'${id}'`);
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 3000, fc: 0 });
    // The webhook arriving late changes nothing.
    await webhook(fake.paymentIntent(missed.paymentIntentId));
    expect(await userBalances(t.app.ctx.db, id)).toEqual({ usd: 3000, fc: 0 });
  });

  it("reconciles everyone's missed payments for the admin, paging through Stripe's list", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const adminSession = await loginAs(t.app, admin);
    const a = await member();
    const b = await member();
    const lost: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await intent(a.session, 10 + i);
      fake.succeedPaymentIntent(created.paymentIntentId);
      lost.push(created.paymentIntentId);
    }
    const coins = await intent(b.session, 10, "fitcoins");
    fake.succeedPaymentIntent(coins.paymentIntentId);
    // Enough other intents that the list takes more than one page.
    for (let i = 0; i < 120; i++) fake.createPaymentIntent({ amount: 100 + i, status: "succeeded" });

    const before = fake.requests.length;
    const res = await post("/api/admin/global-reconcile", adminSession);
    expect(res.statusCode).toBe(200);
    const pages = fake
      .requestsTo("GET", "/v1/payment_intents")
      .filter((r) => fake.requests.indexOf(r) >= before);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[1].query.starting_after).toMatch(/^pi_/);
    const body = res.json();
    expect(body).toMatchObject({ totalMissingDeposits: 4, totalRecoveredDeposits: 4 });
    const report = body.recoveryReport as { userId: number; missingCount: number; totalAmount: string }[];
    expect(report.find((r) => r.userId === a.id)).toMatchObject({
      missingCount: 3,
      recoveredCount: 3,
      totalAmount: "33.00",
    });
    expect(report.find((r) => r.userId === b.id)).toMatchObject({
      missingCount: 1,
      recoveredCount: 1,
      totalAmount: "10.00",
    });
    expect(await userBalances(t.app.ctx.db, a.id)).toEqual({ usd: 3300, fc: 0 });
    expect(await userBalances(t.app.ctx.db, b.id)).toEqual({ usd: 0, fc: 850 });
    expect((await post("/api/admin/global-reconcile", adminSession)).json().totalMissingDeposits).toBe(0);
  });
});
