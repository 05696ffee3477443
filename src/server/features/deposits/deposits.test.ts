import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, sandboxPaymentIntents } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { fundWallet, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { CARD, depositHelpers } from "./deposit-helpers";

describe("deposits and FitCoin purchases by card (sandbox): the endpoints", () => {
  const t = useTestApp();
  const { member, post, intent, confirm, bookedRows, transfersOf, paidButNotBooked } = depositHelpers(t);

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

    it("answers 401 without a session, 403 to a member who never subscribed (a lapsed one may: lapsed-access.test)", async () => {
      expect((await post("/api/create-payment-intent", undefined, { amount: 20 })).statusCode).toBe(401);
      const { session } = await member({ subscribed: false });
      const res = await post("/api/create-payment-intent", session, { amount: 20 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "SUBSCRIPTION_REQUIRED" });
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
});
