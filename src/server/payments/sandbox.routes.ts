import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatUsd } from "../../core/money";
import { cardErrorMessage } from "../../core/payments/card-errors";
import { evaluateTestCard } from "../../core/payments/test-cards";
import { errorSchema } from "../../core/schemas/common";
import { sandboxConfirmBodySchema, sandboxConfirmResultSchema } from "../../core/schemas/money";
import type { AppContext } from "../context";
import { checkoutSessions, users } from "../db/schema";
import { conflict, notFound, paymentFailed } from "../errors";
import { recordDeclinedPayment } from "../features/deposits/deposits.repo";
import { intentBySecret, onPaymentIntentSucceeded } from "../features/deposits/deposits.service";
import {
  findSubscription,
  recordFailedPayment,
  recordSubscriptionPayment,
} from "../features/subscription/subscription.repo";
import { sendSubscriptionReceipt } from "../features/subscription/subscription.service";
import { paymentLimit } from "../http/rate-limits";
import { errors, textResponse } from "../http/responses";
import { effectiveStatus, requireUser } from "../http/viewer";
import { cardLast4 } from "./provider";
import { markSandboxIntentDeclined, markSandboxIntentSucceeded, sandboxCheckoutPayment } from "./sandbox";
import { SANDBOX_CHECKOUT_CSS, SANDBOX_CHECKOUT_JS, sandboxCheckoutHtml } from "./sandbox-page";

/** A declined card: the error shape plus the card's codes, which the checkout explains. */
const paymentFailedSchema = errorSchema.extend({
  cardCode: z.string().optional(),
  declineCode: z.string().nullable().optional(),
});

const cardSchema = z.object({
  cardNumber: z.string().max(30),
  expiry: z.string().max(7),
  cvc: z.string().max(4),
});

async function findCheckout(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, "sandbox")))
    .limit(1);
  return row;
}

/** The sandbox provider's hosted page and the API it posts the card to (registered only in sandbox mode). */
export const sandboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["sandbox payments"];

  app.get("/sandbox/checkout.css", { schema: { hide: true } }, async (_req, reply) =>
    reply.type("text/css").header("cache-control", "no-cache").send(SANDBOX_CHECKOUT_CSS),
  );
  app.get("/sandbox/checkout.js", { schema: { hide: true } }, async (_req, reply) =>
    reply.type("text/javascript").header("cache-control", "no-cache").send(SANDBOX_CHECKOUT_JS),
  );

  app.get(
    "/sandbox/checkout/:id",
    {
      schema: {
        tags,
        summary: "Hosted sandbox checkout page (HTML)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: textResponse("text/html", "The checkout page") },
      },
    },
    async (request, reply) => {
      const row = await findCheckout(ctx, request.params.id);
      if (!row) throw notFound("Checkout not found");
      return reply
        .type("text/html")
        .header("cache-control", "no-store")
        .send(
          sandboxCheckoutHtml({
            id: row.id,
            amountLabel: formatUsd(row.amountCents),
            cancelUrl: row.cancelUrl,
            status: row.status,
          }),
        );
    },
  );

  app.post(
    "/api/sandbox/checkout/:id/pay",
    {
      config: { ...paymentLimit(ctx), access: "public" },
      schema: {
        tags,
        summary: "Pay a sandbox checkout with one of Stripe's published test cards",
        params: z.object({ id: z.string().max(100) }),
        body: cardSchema,
        response: {
          200: z.object({ redirectUrl: z.string() }),
          ...errors(400, 404, 409),
          402: paymentFailedSchema,
        },
      },
    },
    async (request) => {
      const now = ctx.clock.now();
      const row = await findCheckout(ctx, request.params.id);
      if (!row) throw notFound("Checkout not found");
      if (row.status !== "open") throw conflict("This checkout is no longer open");
      const outcome = evaluateTestCard(request.body, now);
      if (!outcome.ok) {
        const message = cardErrorMessage(outcome.code, outcome.declineCode);
        await recordFailedPayment(ctx.db, {
          userId: row.userId,
          provider: "sandbox",
          providerPaymentId: `pi_${row.id}_failed_${now.getTime()}`,
          amountCents: row.amountCents,
          code: outcome.declineCode ?? outcome.code,
          message,
          at: now,
        });
        throw paymentFailed(message, { cardCode: outcome.code, declineCode: outcome.declineCode });
      }
      const payment = sandboxCheckoutPayment(row.id, row.userId, row.amountCents, now);
      const booked = await ctx.db.transaction(async (tx) => {
        // One paid checkout per membership: the member's row is locked, so of two checkouts paid
        // at once (two tabs) the second sees the first's membership and is refused.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for("update");
        const current = await findSubscription(tx, row.userId);
        const status = effectiveStatus(current ?? null, now);
        if (status === "active" || status === "cancel_at_period_end") {
          await tx.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, row.id));
          throw conflict("You already have an active subscription");
        }
        const claimed = await tx
          .update(checkoutSessions)
          .set({ status: "complete", completedAt: now })
          .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, "open")))
          .returning({ id: checkoutSessions.id });
        if (claimed.length === 0) throw conflict("This checkout is no longer open");
        return recordSubscriptionPayment(tx, "sandbox", payment);
      });
      if (booked) await sendSubscriptionReceipt(ctx, payment, cardLast4(request.body.cardNumber));
      return { redirectUrl: row.successUrl.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(row.id)) };
    },
  );

  app.post(
    "/api/sandbox/payment-intents/confirm",
    {
      config: { ...paymentLimit(ctx), access: "member" },
      schema: {
        tags,
        summary: "Pay a deposit or FitCoin purchase with one of Stripe's published test cards",
        description:
          "The sandbox stand-in for Stripe's confirmPayment. On success the sandbox delivers its " +
          "payment_intent.succeeded at once (the payment is booked); a declined card answers 402 " +
          "with the card's code and leaves the payment open for another card.",
        body: sandboxConfirmBodySchema,
        response: {
          200: sandboxConfirmResultSchema,
          ...errors(400, 401, 404, 409),
          402: paymentFailedSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(await request.viewer());
      const intent = await intentBySecret(ctx, user.id, request.body.clientSecret);
      if (intent.status !== "requires_payment_method")
        throw conflict("This payment has already been completed");
      const now = ctx.clock.now();
      const outcome = evaluateTestCard(request.body, now);
      if (!outcome.ok) {
        const message = cardErrorMessage(outcome.code, outcome.declineCode);
        const code = outcome.declineCode ?? outcome.code;
        await markSandboxIntentDeclined(ctx.db, intent.id, code);
        await recordDeclinedPayment(ctx.db, { provider: "sandbox", intent, code, message, at: now });
        throw paymentFailed(message, { cardCode: outcome.code, declineCode: outcome.declineCode ?? null });
      }
      // Of two confirmations at once (a double click, two tabs) one takes the money.
      if (!(await markSandboxIntentSucceeded(ctx.db, intent.id, now))) {
        throw conflict("This payment has already been completed");
      }
      // The webhook: booked now, in its own transaction. Should it fail, the card was still
      // charged; process-deposit and reconciliation book it later, as with a lost Stripe webhook.
      try {
        await onPaymentIntentSucceeded(ctx, {
          ...intent,
          status: "succeeded",
          cardLast4: cardLast4(request.body.cardNumber),
        });
      } catch (err) {
        request.log.error({ err, paymentId: intent.id }, "sandbox webhook delivery failed");
      }
      return { status: "succeeded" as const, paymentIntentId: intent.id };
    },
  );
};
