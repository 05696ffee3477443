import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { addMonth } from "../payments/provider";
import { createChargeStore, type FakeChargeHelpers } from "./fake-stripe-charges";
import { createIntentStore, type FakeIntentHelpers } from "./fake-stripe-intents";
import {
  type FakeInvoice,
  type FakeSession,
  type FakeSubscription,
  flat,
  invoiceJson,
  type Json,
  newId,
  prefixed,
  seconds,
  sessionJson,
  subscriptionJson,
} from "./fake-stripe-objects";

/**
 * A small in-memory stand-in for the Stripe API, for the calls the Stripe provider makes. It
 * answers the JSON shapes of the SDK's API version (periods on subscription items, the invoice's
 * subscription under parent.subscription_details) and records every request it received.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  /** Query string and form body as Stripe's flat bracket keys, e.g. `line_items[0][price_data][currency]`. */
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
};

export type { FakeSubscription };

export type FakeStripe = FakeIntentHelpers &
  FakeChargeHelpers & {
    url: string;
    requests: RecordedRequest[];
    /** Requests received for a method and a path (exact, or a RegExp). */
    requestsTo(method: string, path: string | RegExp): RecordedRequest[];
    session(id: string): Json;
    subscription(id: string): Json;
    invoice(id: string): Json;
    /** The member pays on Stripe Checkout: a customer, a subscription and its first paid invoice appear. */
    completeCheckout(
      sessionId: string,
      at: Date,
    ): { subscriptionId: string; invoiceId: string; customerId: string };
    /** Stripe charges the next month: a new paid invoice for the period after the current one. */
    renew(subscriptionId: string): { invoiceId: string };
    /** Changes a subscription as the Stripe dashboard or customer portal would. */
    updateSubscription(
      id: string,
      patch: Partial<Pick<FakeSubscription, "cancelAtPeriodEnd" | "cancelAt" | "status">>,
    ): void;
    close(): Promise<void>;
  };

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const subs = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const intentStore = createIntentStore();
  const chargeStore = createChargeStore(intentStore.helpers.paymentIntent);
  const requests: RecordedRequest[] = [];

  function createInvoice(sub: FakeSubscription, billingReason: string): FakeInvoice {
    const invoice: FakeInvoice = {
      id: newId("in"),
      customer: sub.customer,
      subscription: sub.id,
      subscriptionItem: sub.itemId,
      amountPaid: sub.amount,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      metadata: { ...sub.metadata },
      billingReason,
      created: sub.periodStart,
    };
    invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    return invoice;
  }

  function must<T>(map: Map<string, T>, id: string, kind: string): T {
    const found = map.get(id);
    if (!found) throw new Error(`fake Stripe has no ${kind} ${id}`);
    return found;
  }

  function withExpand(json: Json, expand: string[]): Json {
    const out = { ...json };
    if (expand.includes("subscription") && typeof out.subscription === "string") {
      out.subscription = subscriptionJson(must(subs, out.subscription, "subscription"));
    }
    if (expand.includes("invoice") && typeof out.invoice === "string") {
      out.invoice = invoiceJson(must(invoices, out.invoice, "invoice"));
    }
    return out;
  }

  function route(req: RecordedRequest): { status: number; body: Json } {
    const missing = (what: string) => ({
      status: 404,
      body: {
        error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
      },
    });
    if (!req.authorization?.startsWith("Bearer sk_")) {
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key" } } };
    }
    const expand = Object.entries(req.query)
      .filter(([key]) => key.startsWith("expand["))
      .map(([, value]) => value);

    if (req.method === "POST" && req.path === "/v1/checkout/sessions") {
      const f = req.form;
      const unitAmount = Number(f["line_items[0][price_data][unit_amount]"]);
      const quantity = Number(f["line_items[0][quantity]"] ?? "1");
      const session: FakeSession = {
        id: newId("cs_test"),
        mode: f.mode,
        status: "open",
        paymentStatus: "unpaid",
        amountTotal: unitAmount * quantity,
        currency: f["line_items[0][price_data][currency]"],
        customerEmail: f.customer_email ?? null,
        clientReferenceId: f.client_reference_id ?? null,
        metadata: prefixed(f, "metadata"),
        subscriptionMetadata: prefixed(f, "subscription_data[metadata]"),
        successUrl: f.success_url,
        cancelUrl: f.cancel_url,
        customer: null,
        subscription: null,
        invoice: null,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(session.id, session);
      return { status: 200, body: sessionJson(session) };
    }

    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.path);
    if (req.method === "POST" && expireMatch) {
      const session = sessions.get(expireMatch[1]);
      if (!session) return missing("checkout.session");
      if (session.status === "open") session.status = "expired";
      return { status: 200, body: sessionJson(session) };
    }

    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1]);
      return session
        ? { status: 200, body: withExpand(sessionJson(session), expand) }
        : missing("checkout.session");
    }

    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    if (subMatch) {
      const sub = subs.get(subMatch[1]);
      if (!sub) return missing("subscription");
      if (req.method === "POST") {
        const f = req.form;
        if (f.cancel_at_period_end !== undefined) {
          sub.cancelAtPeriodEnd = f.cancel_at_period_end === "true";
          // Recent API versions also show the end as cancel_at when cancelling at period end.
          sub.cancelAt = sub.cancelAtPeriodEnd ? sub.periodEnd : null;
        }
        if (f.cancel_at !== undefined) sub.cancelAt = f.cancel_at === "" ? null : Number(f.cancel_at);
      }
      return { status: 200, body: subscriptionJson(sub) };
    }

    const intentAnswer = intentStore.route(req);
    if (intentAnswer) return intentAnswer;
    const chargeAnswer = chargeStore.route(req);
    if (chargeAnswer) return chargeAnswer;

    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && invoiceMatch) {
      const inv = invoices.get(invoiceMatch[1]);
      return inv ? { status: 200, body: invoiceJson(inv) } : missing("invoice");
    }
    return missing(`route ${req.method} ${req.path}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://fake-stripe.local");
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query: flat(url.searchParams),
      form: flat(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    let result: { status: number; body: Json };
    try {
      result = route(recorded);
    } catch (err) {
      result = { status: 500, body: { error: { type: "api_error", message: String(err) } } };
    }
    response.writeHead(result.status, { "content-type": "application/json", "request-id": newId("req") });
    response.end(JSON.stringify(result.body));
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) =>
      requests.filter(
        (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      ),
    session: (id) => sessionJson(must(sessions, id, "checkout session")),
    subscription: (id) => subscriptionJson(must(subs, id, "subscription")),
    invoice: (id) => invoiceJson(must(invoices, id, "invoice")),
    completeCheckout(sessionId, at) {
      const session = must(sessions, sessionId, "checkout session");
      const start = seconds(at);
      const sub: FakeSubscription = {
        id: newId("sub"),
        customer: newId("cus"),
        status: "active",
        cancelAtPeriodEnd: false,
        cancelAt: null,
        metadata: { ...session.subscriptionMetadata },
        itemId: newId("si"),
        amount: session.amountTotal,
        periodStart: start,
        periodEnd: seconds(addMonth(new Date(start * 1000))),
        latestInvoice: null,
      };
      subs.set(sub.id, sub);
      const invoice = createInvoice(sub, "subscription_create");
      Object.assign(session, {
        status: "complete",
        paymentStatus: "paid",
        customer: sub.customer,
        subscription: sub.id,
        invoice: invoice.id,
      });
      return { subscriptionId: sub.id, invoiceId: invoice.id, customerId: sub.customer };
    },
    renew(subscriptionId) {
      const sub = must(subs, subscriptionId, "subscription");
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = seconds(addMonth(new Date(sub.periodStart * 1000)));
      return { invoiceId: createInvoice(sub, "subscription_cycle").id };
    },
    ...intentStore.helpers,
    ...chargeStore.helpers,
    updateSubscription(id, patch) {
      const sub = must(subs, id, "subscription");
      if (patch.cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = patch.cancelAtPeriodEnd;
      if (patch.cancelAt !== undefined) sub.cancelAt = patch.cancelAt;
      if (patch.status !== undefined) sub.status = patch.status;
    },
    close() {
      // The SDK keeps connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** A Stripe event as Stripe would post it to the webhook. */
export function stripeEvent(type: string, object: Json): Json {
  return {
    id: newId("evt"),
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The body and headers of a webhook request signed with `secret` (use another secret to forge one). */
export function signedWebhook(
  event: Json,
  secret: string,
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { "content-type": "application/json", "stripe-signature": signature } };
}
