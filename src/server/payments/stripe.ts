import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { checkoutSessions, subscriptions } from "../db/schema";
import { expireCheckout, openCheckouts } from "./checkouts.repo";
import type { CheckoutLookup, PaymentProvider, ProviderPaymentIntent, SubscriptionPayment } from "./provider";
import {
  idOf,
  intentFromStripe,
  invoicePeriod,
  invoiceSubscriptionId,
  subscriptionPeriod,
} from "./stripe-objects";

export type StripeSettings = NonNullable<Config["stripe"]>;
type StripeOptions = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

export const STRIPE_PRODUCT_NAME = "StepRace Membership";
/** Reconciliation reads at most this many intents per run (100 pages of 100). */
const MAX_LISTED_INTENTS = 10_000;

/**
 * The SDK client; STRIPE_API_URL points it at another server (the tests' fake Stripe). The SDK is
 * loaded here, only where Stripe is configured: a third of a second less at every other start.
 */
export async function createStripeClient(cfg: StripeSettings): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  // Retries are safe: the SDK adds an idempotency key to every POST it retries.
  const options: StripeOptions = { maxNetworkRetries: 2, appInfo: { name: "StepRace" } };
  if (cfg.apiUrl) {
    const url = new URL(cfg.apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    options.host = url.hostname;
    options.port = url.port || (protocol === "http" ? 80 : 443);
    options.protocol = protocol;
  }
  return new Stripe(cfg.secretKey, options);
}

/**
 * A paid subscription invoice as our payment. The invoice id is the payment id on every path
 * (client confirm, checkout.session.completed, invoice.paid), so the period is recorded once.
 * Answers undefined for an invoice that paid nothing or names no subscription.
 */
export async function paymentFromInvoice(
  stripe: Stripe,
  invoice: Stripe.Invoice,
  userId: number,
  subscription?: Stripe.Subscription,
): Promise<SubscriptionPayment | undefined> {
  const subscriptionId = invoiceSubscriptionId(invoice) ?? subscription?.id ?? null;
  if (!subscriptionId || invoice.amount_paid <= 0) return undefined;
  let period = invoicePeriod(invoice);
  if (!period) {
    const sub = subscription ?? (await stripe.subscriptions.retrieve(subscriptionId));
    period = subscriptionPeriod(sub);
  }
  if (!period) return undefined;
  return {
    userId,
    providerPaymentId: invoice.id,
    amountCents: invoice.amount_paid,
    periodStart: period.start,
    periodEnd: period.end,
    customerId: idOf(invoice.customer),
    subscriptionId,
  };
}

async function expandedSubscription(stripe: Stripe, session: Stripe.Checkout.Session) {
  const ref = session.subscription;
  if (!ref) return undefined;
  return typeof ref === "string" ? stripe.subscriptions.retrieve(ref) : ref;
}

async function expandedInvoice(stripe: Stripe, ref: string | Stripe.Invoice | null | undefined) {
  if (!ref) return undefined;
  return typeof ref === "string" ? stripe.invoices.retrieve(ref) : ref;
}

/**
 * Stripe's answer that an object does not exist (a StripeError with code resource_missing), told by
 * its shape: the SDK's classes load only with the client (createStripeClient).
 */
function isResourceMissing(err: unknown): boolean {
  const { type, code } = (err ?? {}) as { type?: unknown; code?: unknown };
  return (
    err instanceof Error &&
    typeof type === "string" &&
    type.startsWith("Stripe") &&
    code === "resource_missing"
  );
}

/** The session with its subscription and invoice; undefined when Stripe no longer knows it (e.g. other keys). */
async function retrieveSession(stripe: Stripe, id: string) {
  try {
    return await stripe.checkout.sessions.retrieve(id, { expand: ["subscription", "invoice"] });
  } catch (err) {
    if (isResourceMissing(err)) return undefined;
    throw err;
  }
}

/**
 * Stripe Checkout in subscription mode (Stripe then renews monthly and reports through webhooks),
 * and payment intents for deposits and FitCoin purchases, paid with the Payment Element.
 */
export async function createStripeProvider(
  cfg: StripeSettings,
  db: Db,
  clock: Clock,
): Promise<PaymentProvider> {
  const stripe = await createStripeClient(cfg);

  async function knownCustomer(userId: number) {
    const [known] = await db
      .select({ customerId: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "stripe")))
      .limit(1);
    return known?.customerId ?? null;
  }

  async function collect(pages: AsyncIterable<Stripe.PaymentIntent>, userId: number | null) {
    const found: ProviderPaymentIntent[] = [];
    let seen = 0;
    for await (const pi of pages) {
      if (++seen > MAX_LISTED_INTENTS) break;
      const intent = intentFromStripe(pi);
      if (intent?.status === "succeeded" && (userId === null || intent.userId === userId)) found.push(intent);
    }
    return found;
  }

  return {
    name: "stripe",

    async createSubscriptionCheckout(request) {
      const userId = String(request.userId);
      // Only one checkout can be paid: the member's earlier open ones are expired at Stripe first.
      for (const { id } of await openCheckouts(db, request.userId, "stripe")) {
        await stripe.checkout.sessions.expire(id).catch(() => undefined);
        await expireCheckout(db, id);
      }
      // A returning member keeps their Stripe customer (one customer, one payment history).
      const customerId = await knownCustomer(request.userId);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: request.amountCents,
              recurring: { interval: "month" },
              product_data: { name: STRIPE_PRODUCT_NAME },
            },
          },
        ],
        ...(customerId ? { customer: customerId } : { customer_email: request.email }),
        client_reference_id: userId,
        metadata: { userId },
        // Copied onto the subscription and each of its invoices, so a renewal (or a first
        // invoice.paid that outruns the member's redirect) still names the member.
        subscription_data: { metadata: { userId } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
      await db.insert(checkoutSessions).values({
        id: session.id,
        userId: request.userId,
        provider: "stripe",
        purpose: "subscription",
        amountCents: request.amountCents,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: clock.now(),
      });
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id): Promise<CheckoutLookup | undefined> {
      // Only sessions we created map to a member; any other id is unknown to us.
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, "stripe")))
        .limit(1);
      if (!row) return undefined;
      const session = await retrieveSession(stripe, id);
      if (!session) return undefined;
      if (session.status === "expired") {
        await markCheckout(db, row.id, "expired", null);
        return { status: "expired", userId: row.userId };
      }
      // "complete" with payment_status "unpaid" is a delayed payment method still clearing.
      if (session.status !== "complete" || session.payment_status !== "paid") {
        return { status: "open", userId: row.userId };
      }
      const subscription = await expandedSubscription(stripe, session);
      const invoice = await expandedInvoice(stripe, session.invoice ?? subscription?.latest_invoice);
      const payment = invoice
        ? await paymentFromInvoice(stripe, invoice, row.userId, subscription)
        : undefined;
      if (!payment) return { status: "open", userId: row.userId };
      await markCheckout(db, row.id, "complete", clock.now());
      return { status: "complete", userId: row.userId, payment };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      // No Stripe subscription (a membership from before Stripe was configured): nothing renews there.
      if (!subscriptionId) return;
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },

    async resume(subscriptionId) {
      if (!subscriptionId) return;
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      // A cancellation scheduled in the Stripe dashboard sets cancel_at instead; clear whichever is set.
      if (current.cancel_at !== null && !current.cancel_at_period_end) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at: "" });
      } else {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      }
    },

    async createPaymentIntent(request) {
      const customerId = await knownCustomer(request.userId);
      const intent = await stripe.paymentIntents.create({
        amount: request.amountCents,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        // The webhook and reconciliation find the member and the purpose here.
        metadata: { userId: String(request.userId), purpose: request.purpose },
        description: request.purpose === "deposit" ? "StepRace wallet deposit" : "StepRace FitCoin purchase",
        receipt_email: request.email,
        ...(customerId ? { customer: customerId } : {}),
      });
      if (!intent.client_secret) throw new Error("Stripe answered a payment intent without a client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePaymentIntent(id) {
      // Anything but an intent id never reaches Stripe's URL.
      if (!/^pi_[A-Za-z0-9]{1,250}$/.test(id)) return undefined;
      try {
        return intentFromStripe(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (isResourceMissing(err)) return undefined;
        throw err;
      }
    },

    async listSucceededPaymentIntents(userId, since) {
      const created = Math.floor(since.getTime() / 1000);
      if (userId !== null) {
        // Search by our metadata: one member's intents without paging through everyone's.
        // (Search trails new payments by up to a minute; the webhook and process-deposit do not.)
        const query = `metadata['userId']:'${userId}' AND status:'succeeded' AND created>=${created}`;
        return collect(stripe.paymentIntents.search({ query, limit: 100 }), userId);
      }
      return collect(stripe.paymentIntents.list({ created: { gte: created }, limit: 100 }), null);
    },
  };
}

/** Mirrors Stripe's session state in our table (Stripe stays the source of truth). */
async function markCheckout(db: Db, id: string, status: "complete" | "expired", at: Date | null) {
  await db
    .update(checkoutSessions)
    .set({ status, completedAt: at })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
}

/** A refund as the ledger books it: Stripe's refund id and the cents it returned to the card. */
export type ChargeRefund = { id: string; amountCents: number };

/**
 * Every refund of a charge that returned (or is returning) money: from the event when it carries
 * them all (the list matches amount_refunded), else listed from Stripe (recent API versions no
 * longer include charge.refunds). Failed and canceled refunds gave nothing back.
 */
export async function chargeRefunds(stripe: Stripe, charge: Stripe.Charge): Promise<ChargeRefund[]> {
  const counted = (list: Stripe.Refund[]) =>
    list
      .filter((r) => r.status !== "failed" && r.status !== "canceled" && r.currency === "usd" && r.amount > 0)
      .map((r) => ({ id: r.id, amountCents: r.amount }));
  const carried = charge.refunds?.has_more === false ? counted(charge.refunds.data) : undefined;
  const total = (list: ChargeRefund[]) => list.reduce((sum, r) => sum + r.amountCents, 0);
  if (carried && total(carried) >= charge.amount_refunded) return carried;
  const listed = await stripe.refunds
    .list({ charge: charge.id, limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  return counted(listed);
}

/** The charge a dispute is about (read from Stripe unless the event expanded it). */
export async function disputedCharge(
  stripe: Stripe,
  dispute: Stripe.Dispute,
): Promise<Stripe.Charge | undefined> {
  if (typeof dispute.charge === "object" && dispute.charge !== null) return dispute.charge;
  const chargeId = idOf(dispute.charge);
  if (!chargeId) return undefined;
  try {
    return await stripe.charges.retrieve(chargeId);
  } catch (err) {
    // A charge these keys cannot see (another account's): nothing of ours to reverse.
    if (isResourceMissing(err)) return undefined;
    throw err;
  }
}
