import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransfers, paymentFlags, subscriptions } from "../../db/schema";
import { systemBalance, userBalances } from "../../ledger/accounts";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { type FakeStripe, signedWebhook, startFakeStripe, stripeEvent } from "../../test/fake-stripe";
import { buildTestApp, type TestApp } from "../../test/test-app";

const WEBHOOK_SECRET = "whsec_reversals";

describe("refunds and disputes of card payments (Stripe)", () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      STRIPE_SECRET_KEY: "sk_test_reversals",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_reversals",
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (url: string, session: Session, payload?: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, headers: session.headers, ...(payload ? { payload } : {}) });

  async function webhook(type: string, object: Record<string, unknown>) {
    const { payload, headers } = signedWebhook(stripeEvent(type, object), WEBHOOK_SECRET);
    const res = await t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers, payload });
    expect(res.statusCode).toBe(200);
    return res;
  }

  /** A member whose card payment of `amount` dollars succeeded at Stripe; its webhook never arrived. */
  async function paidButNotBooked(amount = 20, purpose: "deposit" | "fitcoins" = "deposit") {
    const user = await buildUser(t.app);
    const session = await loginAs(t.app, user);
    const res = await post("/api/create-payment-intent", session, { amount, purpose });
    const { paymentIntentId } = res.json() as { paymentIntentId: string };
    const succeeded = fake.succeedPaymentIntent(paymentIntentId);
    return { id: user.id, session, paymentIntentId, succeeded };
  }

  /** A member whose card payment of `amount` dollars was booked by the webhook. */
  async function paid(amount = 20, purpose: "deposit" | "fitcoins" = "deposit") {
    const m = await paidButNotBooked(amount, purpose);
    await webhook("payment_intent.succeeded", m.succeeded);
    return m;
  }

  const balances = (id: number) => userBalances(t.app.ctx.db, id);
  const losses = () => systemBalance(t.app.ctx.db, "chargebackLosses");
  const reversalsOf = (paymentIntentId: string) =>
    t.app.ctx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, paymentIntentId))
      .then((rows) => rows.filter((r) => r.kind === "chargeback"));
  const flagsOf = (userId: number) =>
    t.app.ctx.db.select().from(paymentFlags).where(eq(paymentFlags.userId, userId));

  it("takes a refunded deposit back from the wallet, with a line in the history", async () => {
    const m = await paid(20);
    expect(await balances(m.id)).toEqual({ usd: 2000, fc: 0 });
    const charge = fake.refundPaymentIntent(m.paymentIntentId);
    await webhook("charge.refunded", charge);
    await webhook("charge.refunded", charge); // redelivered
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 0 });
    const history = (await t.app.inject({ url: "/api/transactions", headers: m.session.headers })).json();
    expect(history[0]).toMatchObject({
      type: "chargeback",
      amount: "-20.00",
      currency: "USD",
      description: "Card refund of deposit",
      source: "wallet",
    });
    expect(await reversalsOf(m.paymentIntentId)).toHaveLength(1);
    expect(await flagsOf(m.id)).toEqual([]);
  });

  it("books each partial refund once, however often the events arrive", async () => {
    const m = await paid(50);
    const first = fake.refundPaymentIntent(m.paymentIntentId, 1000);
    await webhook("charge.refunded", first);
    expect(await balances(m.id)).toEqual({ usd: 4000, fc: 0 });
    const second = fake.refundPaymentIntent(m.paymentIntentId, 1500);
    // The second event lists both refunds: only the new one is booked.
    await webhook("charge.refunded", second);
    await webhook("charge.refunded", second);
    await webhook("charge.refunded", first);
    expect(await balances(m.id)).toEqual({ usd: 2500, fc: 0 });
    const moves = await reversalsOf(m.paymentIntentId);
    expect(moves.map((r) => r.amount).sort()).toEqual([1000, 1500]);
  });

  it("lists the refunds from Stripe when the event does not carry them", async () => {
    const m = await paid(30);
    const charge = fake.refundPaymentIntent(m.paymentIntentId, 700);
    await webhook("charge.refunded", { ...charge, refunds: undefined });
    expect(await balances(m.id)).toEqual({ usd: 2300, fc: 0 });
    expect(fake.requestsTo("GET", "/v1/refunds").length).toBeGreaterThan(0);
  });

  it("books what the wallet lacks to chargeback losses and flags the member", async () => {
    const m = await paid(40);
    const convert = await post("/api/fitcoin/purchase", m.session, { amount: 35 });
    expect(convert.statusCode).toBe(200);
    expect((await balances(m.id)).usd).toBe(500);
    const lossesBefore = await losses();

    const charge = fake.refundPaymentIntent(m.paymentIntentId);
    await webhook("charge.refunded", charge);
    await webhook("charge.refunded", charge);

    expect((await balances(m.id)).usd).toBe(0);
    expect(await losses()).toBe(lossesBefore - 3500);
    const moves = await reversalsOf(m.paymentIntentId);
    expect(moves.map((r) => r.amount).sort()).toEqual([3500, 500]);
    const flags = await flagsOf(m.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      provider: "stripe",
      providerPaymentId: m.paymentIntentId,
      purpose: "deposit",
      reason: "refund",
      amountCents: 4000,
      shortfallCents: 3500,
      reviewedAt: null,
    });
    // The shortfall is the platform's loss, not a line in the member's history.
    const history = (await t.app.inject({ url: "/api/transactions", headers: m.session.headers })).json();
    expect(history.filter((h: { type: string }) => h.type === "chargeback")).toHaveLength(1);
  });

  it("takes a disputed deposit back when the dispute opens and returns it once when won", async () => {
    const m = await paid(25);
    const opened = fake.disputePaymentIntent(m.paymentIntentId);
    await webhook("charge.dispute.created", opened);
    await webhook("charge.dispute.created", opened);
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 0 });
    const history = (await t.app.inject({ url: "/api/transactions", headers: m.session.headers })).json();
    expect(history[0]).toMatchObject({
      type: "chargeback",
      amount: "-25.00",
      description: "Card dispute on deposit",
    });

    const won = fake.closeDispute(opened.id as string, "won");
    await webhook("charge.dispute.closed", won);
    await webhook("charge.dispute.closed", won);
    await webhook("charge.dispute.created", opened); // a late redelivery takes nothing again
    expect(await balances(m.id)).toEqual({ usd: 2500, fc: 0 });
    const moves = await reversalsOf(m.paymentIntentId);
    expect(moves.map((r) => r.idempotencyKey).sort()).toEqual([
      `dispute:stripe:${opened.id}`,
      `dispute:stripe:${opened.id}:won`,
    ]);
  });

  it("books a lost dispute once, and returns both wallet and loss parts when won", async () => {
    const m = await paid(20);
    await post("/api/fitcoin/purchase", m.session, { amount: 15 });
    const lossesBefore = await losses();
    const opened = fake.disputePaymentIntent(m.paymentIntentId);
    await webhook("charge.dispute.created", opened);
    await webhook("charge.dispute.closed", fake.closeDispute(opened.id as string, "lost"));
    expect((await balances(m.id)).usd).toBe(0);
    expect(await losses()).toBe(lossesBefore - 1500);
    expect(await flagsOf(m.id)).toMatchObject([{ reason: "dispute", shortfallCents: 1500 }]);

    // Stripe can reverse a lost dispute's outcome; a won closing returns what was taken, once.
    const won = fake.closeDispute(opened.id as string, "won");
    await webhook("charge.dispute.closed", won);
    await webhook("charge.dispute.closed", won);
    expect((await balances(m.id)).usd).toBe(500);
    expect(await losses()).toBe(lossesBefore);
  });

  it("books an unbooked deposit on its refund, then takes it back: later paths change nothing", async () => {
    const m = await paidButNotBooked(20);
    const charge = fake.refundPaymentIntent(m.paymentIntentId);
    const [refund] = (charge.refunds as { data: { id: string }[] }).data;
    await webhook("charge.refunded", charge);
    await webhook("charge.refunded", charge); // redelivered
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 0 });
    const moves = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.reference, m.paymentIntentId))
      )
        .map((r) => ({ kind: r.kind, amount: r.amount, key: r.idempotencyKey }))
        .sort((a, b) => a.kind.localeCompare(b.kind));
    const booked = await moves();
    expect(booked).toEqual([
      { kind: "chargeback", amount: 2000, key: `refund:stripe:${refund?.id}` },
      { kind: "deposit", amount: 2000, key: `payment:stripe:${m.paymentIntentId}` },
    ]);
    const history = (await t.app.inject({ url: "/api/transactions", headers: m.session.headers })).json();
    const cardLines = history
      .filter((h: { type: string }) => h.type === "deposit" || h.type === "chargeback")
      .map((h: { type: string; amount: string }) => [h.type, h.amount])
      .sort();
    expect(cardLines).toEqual([
      ["chargeback", "-20.00"],
      ["deposit", "+20.00"],
    ]);

    // The missed succeeded event arrives late, then the member reconciles: nothing changes.
    await webhook("payment_intent.succeeded", m.succeeded);
    const reconciled = await post("/api/reconcile-deposits", m.session);
    expect(reconciled.statusCode).toBe(200);
    expect(reconciled.json()).toMatchObject({ missingDepositsFound: 0, depositsRecovered: 0 });
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 0 });
    expect(await moves()).toEqual(booked);
    expect(await flagsOf(m.id)).toEqual([]);
  });

  it("books an unbooked deposit on a partial refund: the wallet keeps what was not refunded", async () => {
    const m = await paidButNotBooked(50);
    await webhook("charge.refunded", fake.refundPaymentIntent(m.paymentIntentId, 1200));
    expect(await balances(m.id)).toEqual({ usd: 3800, fc: 0 });
    await webhook("payment_intent.succeeded", m.succeeded);
    await post("/api/reconcile-deposits", m.session);
    expect(await balances(m.id)).toEqual({ usd: 3800, fc: 0 });
    expect((await reversalsOf(m.paymentIntentId)).map((r) => r.amount)).toEqual([1200]);
  });

  it("books an unbooked deposit on its dispute, then takes it back once", async () => {
    const m = await paidButNotBooked(25);
    const opened = fake.disputePaymentIntent(m.paymentIntentId);
    await webhook("charge.dispute.created", opened);
    await webhook("payment_intent.succeeded", m.succeeded);
    await post("/api/reconcile-deposits", m.session);
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 0 });
    expect(await reversalsOf(m.paymentIntentId)).toHaveLength(1);
    // Won: the deposit is the member's again, once.
    await webhook("charge.dispute.closed", fake.closeDispute(opened.id as string, "won"));
    await post("/api/reconcile-deposits", m.session);
    expect(await balances(m.id)).toEqual({ usd: 2500, fc: 0 });
  });

  it("books nothing for a payment it never booked", async () => {
    const before = (await t.app.ctx.db.select().from(ledgerTransfers)).length;
    const foreign = fake.createPaymentIntent({ amount: 5000, status: "succeeded" });
    const charge = fake.refundPaymentIntent(foreign.id as string);
    await webhook("charge.refunded", charge);
    const dispute = fake.disputePaymentIntent(foreign.id as string);
    await webhook("charge.dispute.created", dispute);
    await webhook("charge.dispute.closed", fake.closeDispute(dispute.id as string, "won"));
    expect((await t.app.ctx.db.select().from(ledgerTransfers)).length).toBe(before);
    expect(
      await t.app.ctx.db
        .select()
        .from(paymentFlags)
        .where(eq(paymentFlags.providerPaymentId, foreign.id as string)),
    ).toEqual([]);
  });

  it("does not reverse a FitCoin purchase by card: the member is flagged for an admin", async () => {
    const m = await paid(20, "fitcoins");
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 1700 });
    const charge = fake.refundPaymentIntent(m.paymentIntentId);
    await webhook("charge.refunded", charge);
    await webhook("charge.refunded", charge);
    expect(await balances(m.id)).toEqual({ usd: 0, fc: 1700 });
    expect(await reversalsOf(m.paymentIntentId)).toEqual([]);
    const flags = await flagsOf(m.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      purpose: "fitcoins",
      reason: "refund",
      amountCents: 2000,
      shortfallCents: 0,
    });
  });

  it("does not reverse a membership payment: its customer's member is flagged", async () => {
    const user = await buildUser(t.app);
    const customerId = `cus_reversals_${user.id}`;
    await t.app.ctx.db
      .update(subscriptions)
      .set({ providerCustomerId: customerId })
      .where(eq(subscriptions.userId, user.id));
    // The membership invoice's intent: ours never booked it as a deposit or purchase.
    const invoiceIntent = fake.createPaymentIntent({
      amount: 999,
      status: "succeeded",
      customer: customerId,
    });
    await webhook("charge.refunded", fake.refundPaymentIntent(invoiceIntent.id as string));
    expect(await balances(user.id)).toEqual({ usd: 0, fc: 0 });
    expect(await flagsOf(user.id)).toMatchObject([
      { purpose: "subscription", reason: "refund", amountCents: 999, shortfallCents: 0 },
    ]);
  });
});
