import { randomBytes } from "node:crypto";

/** The Stripe API objects the fake server keeps, and their JSON as the SDK's API version answers it. */

export type Json = Record<string, unknown>;

export type FakeSession = {
  id: string;
  mode: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  customer: string | null;
  subscription: string | null;
  invoice: string | null;
  created: number;
};

export type FakeSubscription = {
  id: string;
  customer: string;
  status: "active" | "canceled";
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  metadata: Record<string, string>;
  itemId: string;
  amount: number;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string | null;
};

export type FakeInvoice = {
  id: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  amountPaid: number;
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
  billingReason: string;
  created: number;
};

export type FakePaymentIntent = {
  id: string;
  amount: number;
  currency: string;
  status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
  clientSecret: string;
  metadata: Record<string, string>;
  customer: string | null;
  description: string | null;
  receiptEmail: string | null;
  automaticPaymentMethods: boolean;
  lastPaymentError: { code: string; decline_code?: string; message: string } | null;
  created: number;
};

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function prefixed(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null;
    if (match) out[match[1]] = value;
  }
  return out;
}

export function flat(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

export function sessionJson(s: FakeSession): Json {
  return {
    id: s.id,
    object: "checkout.session",
    mode: s.mode,
    status: s.status,
    payment_status: s.paymentStatus,
    amount_total: s.amountTotal,
    currency: s.currency,
    customer: s.customer,
    customer_email: s.customerEmail,
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    subscription: s.subscription,
    invoice: s.invoice,
    created: s.created,
    livemode: false,
    url: s.status === "open" ? `https://checkout.stripe.com/c/pay/${s.id}` : null,
  };
}

export function subscriptionJson(sub: FakeSubscription): Json {
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAt,
    metadata: sub.metadata,
    latest_invoice: sub.latestInvoice,
    livemode: false,
    items: {
      object: "list",
      has_more: false,
      data: [
        {
          id: sub.itemId,
          object: "subscription_item",
          subscription: sub.id,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: {
            object: "price",
            currency: "usd",
            unit_amount: sub.amount,
            recurring: { interval: "month" },
          },
        },
      ],
    },
  };
}

export function invoiceJson(inv: FakeInvoice): Json {
  return {
    id: inv.id,
    object: "invoice",
    customer: inv.customer,
    status: "paid",
    currency: "usd",
    amount_due: inv.amountPaid,
    amount_paid: inv.amountPaid,
    billing_reason: inv.billingReason,
    created: inv.created,
    // Like Stripe: the invoice's own period is not the service period (see the line below).
    period_start: inv.created,
    period_end: inv.created,
    metadata: {},
    livemode: false,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: inv.subscription, metadata: inv.metadata },
    },
    lines: {
      object: "list",
      has_more: false,
      data: [
        {
          id: newId("il"),
          object: "line_item",
          amount: inv.amountPaid,
          currency: "usd",
          invoice: inv.id,
          period: { start: inv.periodStart, end: inv.periodEnd },
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              subscription: inv.subscription,
              subscription_item: inv.subscriptionItem,
              proration: false,
              invoice_item: null,
            },
          },
        },
      ],
    },
  };
}

export function paymentIntentJson(pi: FakePaymentIntent): Json {
  return {
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    amount_received: pi.status === "succeeded" ? pi.amount : 0,
    currency: pi.currency,
    status: pi.status,
    client_secret: pi.clientSecret,
    metadata: pi.metadata,
    customer: pi.customer,
    description: pi.description,
    receipt_email: pi.receiptEmail,
    automatic_payment_methods: pi.automaticPaymentMethods ? { enabled: true } : null,
    last_payment_error: pi.lastPaymentError,
    latest_charge: null,
    payment_method: null,
    capture_method: "automatic",
    confirmation_method: "automatic",
    created: pi.created,
    livemode: false,
  };
}
