import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerTransfers, payments, sandboxPaymentIntents } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { systemBalance, userBalances } from "../../ledger/accounts";
import { buildUser, fundWallet, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

describe("deposits and FitCoin purchases by card (sandbox)", () => {
  const t = useTestApp();

  async function member(overrides: { subscribed?: boolean } = {}) {
    const user = await buildUser(t().app, overrides);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const post = (url: string, session: Session | undefined, payload?: unknown) =>
    t().app.inject({
      method: "POST",
      url,
      headers: session?.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function intent(session: Session, amount = 20, purpose?: "deposit" | "fitcoins") {
    const res = await post("/api/create-payment-intent", session, {
      amount,
      ...(purpose ? { purpose } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  }

  const confirm = (session: Session | undefined, clientSecret: string, card = CARD) =>
    post("/api/sandbox/payment-intents/confirm", session, { clientSecret, ...card });

  const bookedRows = (id: string) =>
    t().app.ctx.db.select().from(payments).where(eq(payments.providerPaymentId, id));
  const transfersOf = (id: string) =>
    t().app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, id));

  /** A payment the card paid but whose webhook never arrived (the server was down, say). */
  async function paidButNotBooked(session: Session, amount = 20, purpose?: "deposit" | "fitcoins") {
    const created = await intent(session, amount, purpose);
    await t()
      .app.ctx.db.update(sandboxPaymentIntents)
      .set({ status: "succeeded", succeededAt: t().clock.now() })
      .where(eq(sandboxPaymentIntents.id, created.paymentIntentId));
    return created;
  }

  describe("POST /api/create-payment-intent", () => {
    it("opens a deposit and answers its client secret", async () => {
      const { id, session } = await member();
      const created = await intent(session, 20);
      expect(created.paymentIntentId).toMatch(/^pi_sandbox_[0-9a-f]+$/);
      expect(created.clientSecret).toMatch(new RegExp(`^${created.paymentIntentId}_secret_[0-9a-f]+$`));
      expect(created.amount).toBe(20);
      const [row] = await t()
        .app.ctx.db.select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, created.paymentIntentId));
      expect(row).toMatchObject({
        userId: id,
        amountCents: 2000,
        purpose: "deposit",
        status: "requires_payment_method",
      });
    });

    it("keeps cents exact (19.99 is 1999 cents)", async () => {
      const { session } = await member();
      const created = await intent(session, 19.99);
      expect(created.amount).toBe(19.99);
      const [row] = await t()
        .app.ctx.db.select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, created.paymentIntentId));
      expect(row.amountCents).toBe(1999);
    });

    it.each([
      [4.99, undefined, "Amount must be between $5 and $500"],
      [500.01, undefined, "Amount must be between $5 and $500"],
      [4.99, "fitcoins", "Amount must be between $5 and $50"],
      [50.01, "fitcoins", "Amount must be between $5 and $50"],
      [10.005, undefined, "Amount can have at most 2 decimal places"],
    ])("answers 400 for %s (%s)", async (amount, purpose, message) => {
      const { session } = await member();
      const res = await post("/api/create-payment-intent", session, { amount, purpose });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message,
        details: [{ path: "amount", message }],
      });
    });

    it("accepts the limits themselves", async () => {
      const { session } = await member();
      expect((await intent(session, 5)).amount).toBe(5);
      expect((await intent(session, 500)).amount).toBe(500);
      expect((await intent(session, 50, "fitcoins")).amount).toBe(50);
    });

    it("answers 400 without an amount or with an unknown purpose", async () => {
      const { session } = await member();
      const missing = await post("/api/create-payment-intent", session, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details[0]).toEqual({ path: "amount", message: "Amount is required" });
      const purpose = await post("/api/create-payment-intent", session, { amount: 10, purpose: "gold" });
      expect(purpose.statusCode).toBe(400);
      expect(purpose.json().details[0].path).toBe("purpose");
    });

    it("answers 401 without a session and 403 without an active subscription", async () => {
      expect((await post("/api/create-payment-intent", undefined, { amount: 20 })).statusCode).toBe(401);
      const { session } = await member({ subscribed: false });
      const res = await post("/api/create-payment-intent", session, { amount: 20 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: "SUBSCRIPTION_REQUIRED", message: "Active subscription required" });
    });
  });

  describe("GET /api/payments/intent", () => {
    const lookup = (session: Session | undefined, secret: string) =>
      t().app.inject({
        url: `/api/payments/intent?client_secret=${encodeURIComponent(secret)}`,
        headers: session?.headers,
      });

    it("shows the member's own payment to the checkout page", async () => {
      const { session } = await member();
      const created = await intent(session, 20);
      const res = await lookup(session, created.clientSecret);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        paymentIntentId: created.paymentIntentId,
        amount: "20.00",
        purpose: "deposit",
        status: "requires_payment_method",
        provider: "sandbox",
        publishableKey: null,
      });
      await confirm(session, created.clientSecret);
      expect((await lookup(session, created.clientSecret)).json().status).toBe("succeeded");
    });

    it("answers 404 to another member, to a wrong secret and to a bare id", async () => {
      const owner = await member();
      const other = await member();
      const created = await intent(owner.session, 20);
      expect((await lookup(other.session, created.clientSecret)).statusCode).toBe(404);
      expect((await lookup(owner.session, `${created.paymentIntentId}_secret_wrong`)).statusCode).toBe(404);
      expect((await lookup(owner.session, created.paymentIntentId)).statusCode).toBe(404);
      expect((await lookup(owner.session, "pi_sandbox_nothing_secret_x")).json()).toEqual({
        code: "NOT_FOUND",
        message: "Payment not found",
      });
    });

    it("answers 400 without a client secret and 401 without a session", async () => {
      const { session } = await member();
      const res = await t().app.inject({ url: "/api/payments/intent", headers: session.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe("client_secret");
      const created = await intent(session, 20);
      expect((await lookup(undefined, created.clientSecret)).statusCode).toBe(401);
    });
  });

  describe("POST /api/sandbox/payment-intents/confirm", () => {
    it("takes the card and delivers the webhook: the deposit is in the wallet at once", async () => {
      const { id, session } = await member();
      const created = await intent(session, 20);
      const res = await confirm(session, created.clientSecret);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "succeeded", paymentIntentId: created.paymentIntentId });
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
      const [row] = await bookedRows(created.paymentIntentId);
      expect(row).toMatchObject({
        userId: id,
        provider: "sandbox",
        purpose: "deposit",
        amountCents: 2000,
        status: "succeeded",
      });
      const [credit] = await transfersOf(created.paymentIntentId);
      expect(credit).toMatchObject({
        kind: "deposit",
        description: "Deposit via card",
        amount: 2000,
        idempotencyKey: `payment:sandbox:${created.paymentIntentId}`,
      });
      const history = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
      expect(history[0]).toMatchObject({
        type: "deposit",
        amount: "+20.00",
        currency: "USD",
        description: "Deposit via card",
      });
    });

    it.each([
      ["4000 0000 0000 9995", "card_declined", "insufficient_funds", /insufficient funds/],
      ["4000 0000 0000 0002", "card_declined", "generic_decline", /declined by your bank/],
      ["4100 0000 0000 0019", "card_declined", "fraudulent", /bank blocked/],
      ["4000 0000 0000 9987", "card_declined", "lost_card", /^Card declined \(lost card\)$/],
      ["4111 1111 1111 1112", "incorrect_number", null, /^Invalid card number/],
      ["4242 4242", "incomplete_number", null, /^Incomplete card number/],
    ])(
      "declines %s with 402 in the words of the specification, crediting nothing",
      async (cardNumber, cardCode, declineCode, message) => {
        const { id, session } = await member();
        const created = await intent(session, 20);
        const res = await confirm(session, created.clientSecret, { ...CARD, cardNumber });
        expect(res.statusCode).toBe(402);
        expect(res.json()).toEqual({
          code: "PAYMENT_FAILED",
          message: expect.stringMatching(message),
          cardCode,
          declineCode,
        });
        expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 0 });
        expect(await transfersOf(created.paymentIntentId)).toHaveLength(0);
        const succeeded = await t()
          .app.ctx.db.select()
          .from(payments)
          .where(
            and(eq(payments.userId, id), eq(payments.status, "succeeded"), like(payments.purpose, "deposit")),
          );
        expect(succeeded).toHaveLength(0);
        // The payment stays open for another card, as with Stripe; process-deposit refuses it.
        const process = await post("/api/process-deposit", session, {
          paymentIntentId: created.paymentIntentId,
          amount: 20,
        });
        expect(process.statusCode).toBe(409);
        expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
        expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
      },
    );

    it("answers 409 to a second confirmation and charges once", async () => {
      const { id, session } = await member();
      const created = await intent(session, 20);
      const [a, b] = await Promise.all([
        confirm(session, created.clientSecret),
        confirm(session, created.clientSecret),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(409);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
    });

    it("answers 404 to another member's secret, 401 without a session, 400 without a secret", async () => {
      const owner = await member();
      const other = await member();
      const created = await intent(owner.session, 20);
      expect((await confirm(other.session, created.clientSecret)).statusCode).toBe(404);
      expect((await confirm(undefined, created.clientSecret)).statusCode).toBe(401);
      const res = await post("/api/sandbox/payment-intents/confirm", owner.session, {
        ...CARD,
        clientSecret: "",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toEqual({ path: "clientSecret", message: "Client secret is required" });
      expect(await userBalances(t().app.ctx.db, owner.id)).toEqual({ usd: 0, fc: 0 });
    });
  });

  describe("POST /api/process-deposit", () => {
    it("answers the balances after a paid deposit, and books nothing twice", async () => {
      const { id, session } = await member();
      await fundWallet(t().app, id, 550);
      const created = await intent(session, 20);
      await confirm(session, created.clientSecret);
      const res = await post("/api/process-deposit", session, {
        paymentIntentId: created.paymentIntentId,
        amount: 20,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: "Deposit of $20.00 processed successfully",
        balance: "25.50",
        fitcoins: 0,
      });
    });

    it("books a paid deposit whose webhook was lost", async () => {
      const { session } = await member();
      const created = await paidButNotBooked(session, 20);
      const res = await post("/api/process-deposit", session, {
        paymentIntentId: created.paymentIntentId,
        amount: 20,
      });
      expect(res.json()).toEqual({
        message: "Deposit of $20.00 processed successfully",
        balance: "20.00",
        fitcoins: 0,
      });
    });

    it("answers 409 for an unpaid intent, 400 for another amount, 404 for another member's or an unknown id", async () => {
      const owner = await member();
      const other = await member();
      const open = await intent(owner.session, 20);
      const unpaid = await post("/api/process-deposit", owner.session, {
        paymentIntentId: open.paymentIntentId,
        amount: 20,
      });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json()).toEqual({ code: "CONFLICT", message: "This payment has not succeeded" });

      const paid = await paidButNotBooked(owner.session, 20);
      const wrongAmount = await post("/api/process-deposit", owner.session, {
        paymentIntentId: paid.paymentIntentId,
        amount: 200,
      });
      expect(wrongAmount.statusCode).toBe(400);
      expect(wrongAmount.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "Amount does not match the payment",
      });
      const stranger = await post("/api/process-deposit", other.session, {
        paymentIntentId: paid.paymentIntentId,
        amount: 20,
      });
      expect(stranger.statusCode).toBe(404);
      const unknown = await post("/api/process-deposit", owner.session, {
        paymentIntentId: "pi_sandbox_unknown",
        amount: 20,
      });
      expect(unknown.statusCode).toBe(404);
      expect(await userBalances(t().app.ctx.db, owner.id)).toEqual({ usd: 0, fc: 0 });
      expect(await userBalances(t().app.ctx.db, other.id)).toEqual({ usd: 0, fc: 0 });
    });

    it("answers 400 with details for a missing field and 401 without a session", async () => {
      const { session } = await member();
      const res = await post("/api/process-deposit", session, { amount: 20 });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe("paymentIntentId");
      expect(
        (await post("/api/process-deposit", undefined, { paymentIntentId: "pi_x", amount: 20 })).statusCode,
      ).toBe(401);
    });
  });

  describe("exactly once", () => {
    it("credits one payment once, seen by the webhook, process-deposit twice and reconciliation", async () => {
      const { id, session } = await member();
      const created = await intent(session, 20);
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
      const body = { paymentIntentId: created.paymentIntentId, amount: 20 };
      expect((await post("/api/process-deposit", session, body)).statusCode).toBe(200);
      expect((await post("/api/process-deposit", session, body)).json().balance).toBe("20.00");
      const reconcile = await post("/api/reconcile-deposits", session);
      expect(reconcile.json()).toMatchObject({
        missingDepositsFound: 0,
        depositsRecovered: 0,
        recoveredDeposits: [],
      });

      expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
      expect(await transfersOf(created.paymentIntentId)).toHaveLength(1);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 0 });
    });

    it("credits once when every path sees the payment at the same moment", async () => {
      const { id, session } = await member();
      const created = await paidButNotBooked(session, 35);
      const body = { paymentIntentId: created.paymentIntentId, amount: 35 };
      const answers = await Promise.all([
        post("/api/process-deposit", session, body),
        post("/api/process-deposit", session, body),
        post("/api/reconcile-deposits", session),
        post("/api/reconcile-deposits", session),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await bookedRows(created.paymentIntentId)).toHaveLength(1);
      expect(await transfersOf(created.paymentIntentId)).toHaveLength(1);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 3500, fc: 0 });
    });
  });

  describe("FitCoin purchase by card", () => {
    it("issues 85% as FitCoins and books 15% as platform fee, once", async () => {
      const { id, session } = await member();
      const feesBefore = await systemBalance(t().app.ctx.db, "platformFees");
      const reserveBefore = await systemBalance(t().app.ctx.db, "fitcoinReserve");
      const created = await intent(session, 10, "fitcoins");
      expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
      const res = await post("/api/process-deposit", session, {
        paymentIntentId: created.paymentIntentId,
        amount: 10,
      });
      expect(res.json()).toEqual({
        message: "FitCoin purchase of $10.00 processed successfully",
        balance: "0.00",
        fitcoins: 8.5,
      });

      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 850 });
      expect(await systemBalance(t().app.ctx.db, "platformFees")).toBe(feesBefore + 150);
      expect(await systemBalance(t().app.ctx.db, "fitcoinReserve")).toBe(reserveBefore + 850);
      const moves = await transfersOf(created.paymentIntentId);
      expect(moves.map((m) => [m.kind, m.currency, m.amount]).sort()).toEqual([
        ["fitcoin_purchase", "FC", 850],
        ["fitcoin_purchase", "USD", 850],
        ["platform_fee", "USD", 150],
      ]);
      const [row] = await bookedRows(created.paymentIntentId);
      expect(row).toMatchObject({ purpose: "fitcoins", amountCents: 1000 });
      const history = (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
      expect(history.slice(0, 3).map((h: { type: string; amount: string }) => [h.type, h.amount])).toEqual([
        ["fitcoin_purchase", "+8.50"],
        ["platform_fee", "-1.50"],
        ["fitcoin_purchase", "-8.50"],
      ]);
    });

    it("rounds the FitCoins down: $5.01 gives 4.25 FitCoins and a $0.76 fee", async () => {
      const { id, session } = await member();
      const created = await intent(session, 5.01, "fitcoins");
      await confirm(session, created.clientSecret);
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 0, fc: 425 });
      const fee = (await transfersOf(created.paymentIntentId)).find((m) => m.kind === "platform_fee");
      expect(fee?.amount).toBe(76);
    });
  });

  describe("POST /api/reconcile-deposits", () => {
    it("books the member's paid payments of the last 30 days that never arrived", async () => {
      const { id, session } = await member();
      const lost = await paidButNotBooked(session, 20);
      const lostCoins = await paidButNotBooked(session, 10, "fitcoins");
      const old = await paidButNotBooked(session, 7);
      await t()
        .app.ctx.db.update(sandboxPaymentIntents)
        .set({ createdAt: new Date(t().clock.now().getTime() - 31 * 24 * 3600 * 1000) })
        .where(eq(sandboxPaymentIntents.id, old.paymentIntentId));
      await intent(session, 15); // never paid
      const other = await member();
      await paidButNotBooked(other.session, 40); // someone else's

      const res = await post("/api/reconcile-deposits", session);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        missingDepositsFound: 2,
        depositsRecovered: 2,
        message: "Recovered 2 missing payments ($30.00).",
      });
      const recovered = body.recoveredDeposits as {
        amount: string;
        paymentIntentId: string;
        transactionId: number;
      }[];
      expect(recovered.map((r) => [r.paymentIntentId, r.amount]).sort()).toEqual(
        [
          [lost.paymentIntentId, "20.00"],
          [lostCoins.paymentIntentId, "10.00"],
        ].sort(),
      );
      const credit = recovered.find((r) => r.paymentIntentId === lost.paymentIntentId);
      const [transferRow] = await t()
        .app.ctx.db.select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, credit?.transactionId ?? 0));
      expect(transferRow).toMatchObject({ kind: "deposit", amount: 2000, userId: id });
      expect(await userBalances(t().app.ctx.db, id)).toEqual({ usd: 2000, fc: 850 });
      expect(await userBalances(t().app.ctx.db, other.id)).toEqual({ usd: 0, fc: 0 });

      const again = await post("/api/reconcile-deposits", session);
      expect(again.json()).toEqual({
        missingDepositsFound: 0,
        depositsRecovered: 0,
        message: "No missing deposits found. All your payments of the last 30 days are in your wallet.",
        recoveredDeposits: [],
      });
    });

    it("answers 401 without a session", async () => {
      expect((await post("/api/reconcile-deposits", undefined)).statusCode).toBe(401);
    });
  });

  describe("daily global reconciliation job", () => {
    it("books every member's lost payments once a day, in one process of several", async () => {
      const a = await member();
      const b = await member();
      await paidButNotBooked(a.session, 12);
      // The job may have run already in this file's database: start from a fresh day.
      t().clock.advance(25 * 3600 * 1000);
      await Promise.all([runJobsOnce(t().app.ctx), runJobsOnce(t().app.ctx)]);
      expect(await userBalances(t().app.ctx.db, a.id)).toEqual({ usd: 1200, fc: 0 });

      await paidButNotBooked(b.session, 13);
      await runJobsOnce(t().app.ctx);
      expect(await userBalances(t().app.ctx.db, b.id)).toEqual({ usd: 0, fc: 0 });
      t().clock.advance(24 * 3600 * 1000);
      await runJobsOnce(t().app.ctx);
      expect(await userBalances(t().app.ctx.db, b.id)).toEqual({ usd: 1300, fc: 0 });
    });
  });
});
