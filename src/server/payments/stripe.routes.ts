import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { onPaymentIntentSucceeded } from "../features/deposits/deposits.service";
import { onCardReversals, onDisputeWon } from "../features/deposits/reversals.service";
import * as subscriptionRepo from "../features/subscription/subscription.repo";
import { applyPayment } from "../features/subscription/subscription.service";
import { errors } from "../http/responses";
import { chargeRefunds, createStripeClient, disputedCharge, paymentFromInvoice } from "./stripe";
import {
  idOf,
  intentFromStripe,
  invoiceSubscriptionId,
  invoiceUserId,
  metadataUserId,
} from "./stripe-objects";

const webhookError = (code: string, message: string) => new AppError(400, code, message);

async function userExists(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/**
 * Whose invoice this is: the subscription or customer we recorded, else the user id we put in
 * the subscription's metadata (the first invoice.paid can outrun the member's own confirm).
 */
async function invoiceOwner(ctx: AppContext, invoice: Stripe.Invoice, subscriptionId: string) {
  const bySubscription = await subscriptionRepo.findUserIdBySubscriptionId(ctx.db, subscriptionId);
  if (bySubscription !== undefined) return bySubscription;
  const customerId = idOf(invoice.customer);
  const byCustomer = customerId
    ? await subscriptionRepo.findUserIdByCustomerId(ctx.db, customerId)
    : undefined;
  if (byCustomer !== undefined) return byCustomer;
  const byMetadata = invoiceUserId(invoice);
  return byMetadata !== undefined && (await userExists(ctx, byMetadata)) ? byMetadata : undefined;
}

async function onCheckoutCompleted(ctx: AppContext, session: Stripe.Checkout.Session) {
  if (session.mode !== "subscription" || session.payment_status !== "paid") return;
  // The same lookup the success page's confirm uses, so both record the same invoice id.
  const found = await ctx.payments.retrieveCheckout(session.id);
  if (found?.status === "complete") await applyPayment(ctx, found.payment);
}

async function onInvoicePaid(ctx: AppContext, stripe: Stripe, invoice: Stripe.Invoice) {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return; // not a membership invoice
  const userId = await invoiceOwner(ctx, invoice, subscriptionId);
  if (userId === undefined) {
    ctx.log.warn({ invoiceId: invoice.id, subscriptionId }, "stripe invoice paid for an unknown member");
    return;
  }
  const payment = await paymentFromInvoice(stripe, invoice, userId);
  if (payment) await applyPayment(ctx, payment);
}

async function onSubscriptionUpdated(ctx: AppContext, stripe: Stripe, snapshot: Stripe.Subscription) {
  const userId = await subscriptionRepo.findUserIdBySubscriptionId(ctx.db, snapshot.id);
  if (userId === undefined) return;
  // Events may arrive out of order: Stripe's current state decides, not the event's snapshot.
  const current = await stripe.subscriptions.retrieve(snapshot.id);
  const canceling = current.cancel_at_period_end || current.cancel_at !== null;
  const now = ctx.clock.now();
  if (canceling)
    await subscriptionRepo.transitionStatus(ctx.db, userId, "active", "cancel_at_period_end", now);
  else await subscriptionRepo.transitionStatus(ctx.db, userId, "cancel_at_period_end", "active", now);
}

async function onSubscriptionDeleted(ctx: AppContext, snapshot: Stripe.Subscription) {
  // Only the subscription on record ends the membership: a late event for an older one is ignored.
  const userId = await subscriptionRepo.findUserIdBySubscriptionId(ctx.db, snapshot.id);
  if (userId === undefined) return;
  await subscriptionRepo.expireNow(ctx.db, userId, ctx.clock.now());
}

/** A deposit or FitCoin purchase paid with the Payment Element (other intents, e.g. invoices', are ignored). */
async function onIntentSucceeded(ctx: AppContext, pi: Stripe.PaymentIntent) {
  const intent = intentFromStripe(pi);
  if (intent) await onPaymentIntentSucceeded(ctx, intent);
}

/**
 * The member whose membership a charge paid: its customer's, when the charge is not one of our
 * deposits or FitCoin purchases (those carry the member in their metadata and are found by intent).
 */
async function membershipPayer(ctx: AppContext, charge: Stripe.Charge | undefined) {
  const customerId = idOf(charge?.customer);
  if (!charge || !customerId || metadataUserId(charge.metadata) !== undefined) return undefined;
  return subscriptionRepo.findUserIdByCustomerId(ctx.db, customerId);
}

/** A charge refunded in full or in part: each of its refunds is booked once. */
async function onChargeRefunded(ctx: AppContext, stripe: Stripe, charge: Stripe.Charge) {
  const refunds = await chargeRefunds(stripe, charge);
  if (refunds.length === 0) return;
  await onCardReversals(
    ctx,
    { providerPaymentId: idOf(charge.payment_intent), memberByCustomer: () => membershipPayer(ctx, charge) },
    refunds.map((r) => ({ reason: "refund" as const, reference: r.id, amountCents: r.amountCents })),
  );
}

/**
 * A dispute opened (the money is withdrawn at once) or closed: lost books the withdrawal if the
 * opening was missed, won returns it. Inquiries (warning_*) move no money and are ignored.
 */
async function onDispute(ctx: AppContext, stripe: Stripe, dispute: Stripe.Dispute) {
  if (dispute.status.startsWith("warning_") || dispute.currency !== "usd") return;
  let charge: Stripe.Charge | undefined;
  let paymentIntentId = idOf(dispute.payment_intent);
  if (!paymentIntentId) {
    charge = await disputedCharge(stripe, dispute);
    paymentIntentId = idOf(charge?.payment_intent);
  }
  if (dispute.status === "won") return onDisputeWon(ctx, paymentIntentId, dispute.id);
  if (!["needs_response", "under_review", "lost"].includes(dispute.status)) return;
  const memberByCustomer = async () =>
    membershipPayer(ctx, charge ?? (await disputedCharge(stripe, dispute)));
  await onCardReversals(ctx, { providerPaymentId: paymentIntentId, memberByCustomer }, [
    { reason: "dispute", reference: dispute.id, amountCents: dispute.amount },
  ]);
}

/** Applies one verified event. Every branch is idempotent: a redelivery changes nothing. */
export async function handleStripeEvent(ctx: AppContext, stripe: Stripe, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return onCheckoutCompleted(ctx, event.data.object);
    case "invoice.paid":
    case "invoice.payment_succeeded":
      return onInvoicePaid(ctx, stripe, event.data.object);
    case "customer.subscription.updated":
      return onSubscriptionUpdated(ctx, stripe, event.data.object);
    case "customer.subscription.deleted":
      return onSubscriptionDeleted(ctx, event.data.object);
    case "payment_intent.succeeded":
      return onIntentSucceeded(ctx, event.data.object);
    case "charge.refunded":
      return onChargeRefunded(ctx, stripe, event.data.object);
    case "charge.dispute.created":
    case "charge.dispute.closed":
      return onDispute(ctx, stripe, event.data.object);
    default:
      return;
  }
}

/** Stripe's webhook endpoint (registered instead of the sandbox routes when Stripe is configured). */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Stripe signs the exact bytes it sent, so this plugin's context keeps the JSON body raw
  // (the app-wide JSON parser would re-serialise it and break the signature).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  const stripe = ctx.config.stripe ? await createStripeClient(ctx.config.stripe) : undefined;

  app.post(
    "/api/stripe/webhook",
    {
      config: { access: "public" },
      schema: {
        tags: ["stripe"],
        summary: "Stripe webhook: subscription and card payments, cancellations and ends (signed by Stripe)",
        description:
          "Called by Stripe, not by the app. The raw JSON body is verified against the Stripe-Signature " +
          "header with STRIPE_WEBHOOK_SECRET. Handles checkout.session.completed, invoice.paid, " +
          "invoice.payment_succeeded, customer.subscription.updated, customer.subscription.deleted " +
          "payment_intent.succeeded (deposits and FitCoin purchases), charge.refunded, " +
          "charge.dispute.created and charge.dispute.closed (a deposit is taken back from the wallet; " +
          "FitCoin purchases and memberships are flagged for an admin); " +
          "other events are acknowledged and ignored. Redelivered events change nothing.",
        headers: z.looseObject({ "stripe-signature": z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), ...errors(400) },
      },
    },
    async (request) => {
      const secret = ctx.config.stripe?.webhookSecret;
      if (!stripe || !secret) {
        request.log.error("stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
        throw webhookError("WEBHOOK_NOT_CONFIGURED", "Stripe webhooks are not configured on this server");
      }
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || signature === "") {
        throw webhookError("INVALID_SIGNATURE", "Missing Stripe-Signature header");
      }
      if (!Buffer.isBuffer(request.body)) {
        throw webhookError("INVALID_SIGNATURE", "Webhook body must be the JSON Stripe sent");
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw webhookError("INVALID_SIGNATURE", "Stripe webhook signature verification failed");
      }
      await handleStripeEvent(ctx, stripe, event);
      return { received: true as const };
    },
  );
};
