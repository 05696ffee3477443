import type { RecordedRequest } from "./fake-stripe";
import {
  type FakePaymentIntent,
  type Json,
  newId,
  paymentIntentJson,
  prefixed,
  seconds,
} from "./fake-stripe-objects";

/**
 * The fake Stripe's payment intents: create, retrieve, list (created range, customer, cursor)
 * and search (the subset of Stripe's query language the app uses), plus what the browser and
 * the dashboard would do to an intent, for the tests.
 */

type Answer = { status: number; body: Json };
type IntentFields = Partial<Omit<FakePaymentIntent, "id" | "clientSecret">>;

export type FakeIntentHelpers = {
  paymentIntent(id: string): Json;
  /** An intent made outside the app (another integration, the dashboard): no metadata unless given. */
  createPaymentIntent(fields: IntentFields): Json;
  /** The member's card is confirmed by Stripe.js: the intent succeeds; answers it for the webhook. */
  succeedPaymentIntent(id: string): Json;
  /** The card is declined: the intent stays payable with last_payment_error set. */
  declinePaymentIntent(id: string, declineCode?: string): Json;
  /** Moves an intent's creation time (to test the reconciliation window). */
  setPaymentIntentCreated(id: string, at: Date): void;
};

const invalid = (message: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

/** Clauses joined by AND: metadata['k']:'v', status/customer/currency:'v', created with >=, >, <=, <, :. */
function searchMatcher(query: string): ((pi: FakePaymentIntent) => boolean) | string {
  const tests: ((pi: FakePaymentIntent) => boolean)[] = [];
  for (const clause of query.split(/\s+AND\s+/)) {
    const meta = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause);
    const field = /^(status|customer|currency):'([^']*)'$/.exec(clause);
    const created = /^created(>=|<=|>|<|:)(\d+)$/.exec(clause);
    if (meta) tests.push((pi) => pi.metadata[meta[1]] === meta[2]);
    else if (field) {
      const key = field[1] as "status" | "customer" | "currency";
      tests.push((pi) => String(pi[key] ?? "") === field[2]);
    } else if (created) {
      const n = Number(created[2]);
      const compare: Record<string, (c: number) => boolean> = {
        ">=": (c) => c >= n,
        "<=": (c) => c <= n,
        ">": (c) => c > n,
        "<": (c) => c < n,
        ":": (c) => c === n,
      };
      tests.push((pi) => compare[created[1]](pi.created));
    } else return `unsupported search clause: ${clause}`;
  }
  return (pi) => tests.every((t) => t(pi));
}

export function createIntentStore(): {
  route(req: RecordedRequest): Answer | undefined;
  helpers: FakeIntentHelpers;
} {
  const intents = new Map<string, FakePaymentIntent>();

  function add(fields: IntentFields): FakePaymentIntent {
    const id = newId("pi");
    const intent: FakePaymentIntent = {
      id,
      amount: 1000,
      currency: "usd",
      status: "requires_payment_method",
      clientSecret: `${id}_secret_${newId("s").slice(2)}`,
      metadata: {},
      customer: null,
      description: null,
      receiptEmail: null,
      automaticPaymentMethods: false,
      lastPaymentError: null,
      created: Math.floor(Date.now() / 1000),
      ...fields,
    };
    intents.set(id, intent);
    return intent;
  }

  function must(id: string): FakePaymentIntent {
    const found = intents.get(id);
    if (!found) throw new Error(`fake Stripe has no payment intent ${id}`);
    return found;
  }

  /** Newest first, like Stripe's lists (of two created in the same second, the later first). */
  const newestFirst = () => [...intents.values()].reverse().sort((a, b) => b.created - a.created);
  const limitOf = (raw: string | undefined) => Math.min(Number(raw ?? "10"), 100);

  function route(req: RecordedRequest): Answer | undefined {
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      const f = req.form;
      const amount = Number(f.amount);
      if (!Number.isInteger(amount) || amount < 50) return invalid("Amount must be at least 50 cents");
      const intent = add({
        amount,
        currency: f.currency,
        metadata: prefixed(f, "metadata"),
        customer: f.customer ?? null,
        description: f.description ?? null,
        receiptEmail: f.receipt_email ?? null,
        automaticPaymentMethods: f["automatic_payment_methods[enabled]"] === "true",
      });
      return { status: 200, body: paymentIntentJson(intent) };
    }

    if (req.method === "GET" && req.path === "/v1/payment_intents/search") {
      const matcher = searchMatcher(req.query.query ?? "");
      if (typeof matcher === "string") return invalid(matcher);
      const limit = limitOf(req.query.limit);
      const offset = Number(req.query.page ?? "0");
      const all = newestFirst().filter(matcher);
      const more = offset + limit < all.length;
      return {
        status: 200,
        body: {
          object: "search_result",
          url: "/v1/payment_intents/search",
          has_more: more,
          next_page: more ? String(offset + limit) : null,
          data: all.slice(offset, offset + limit).map(paymentIntentJson),
        },
      };
    }

    if (req.method === "GET" && req.path === "/v1/payment_intents") {
      const q = req.query;
      const bound = (key: string) => (q[key] === undefined ? undefined : Number(q[key]));
      const [gte, gt, lte, lt] = [
        bound("created[gte]"),
        bound("created[gt]"),
        bound("created[lte]"),
        bound("created[lt]"),
      ];
      let all = newestFirst().filter(
        (pi) =>
          (gte === undefined || pi.created >= gte) &&
          (gt === undefined || pi.created > gt) &&
          (lte === undefined || pi.created <= lte) &&
          (lt === undefined || pi.created < lt) &&
          (q.customer === undefined || pi.customer === q.customer),
      );
      if (q.starting_after) {
        const at = all.findIndex((pi) => pi.id === q.starting_after);
        all = at >= 0 ? all.slice(at + 1) : [];
      }
      const limit = limitOf(q.limit);
      return {
        status: 200,
        body: {
          object: "list",
          url: "/v1/payment_intents",
          has_more: all.length > limit,
          data: all.slice(0, limit).map(paymentIntentJson),
        },
      };
    }

    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && match) {
      const intent = intents.get(match[1]);
      if (intent) return { status: 200, body: paymentIntentJson(intent) };
      return {
        status: 404,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${match[1]}'`,
          },
        },
      };
    }
    return undefined;
  }

  const helpers: FakeIntentHelpers = {
    paymentIntent: (id) => paymentIntentJson(must(id)),
    createPaymentIntent: (fields) => paymentIntentJson(add(fields)),
    succeedPaymentIntent(id) {
      const intent = must(id);
      intent.status = "succeeded";
      intent.lastPaymentError = null;
      return paymentIntentJson(intent);
    },
    declinePaymentIntent(id, declineCode = "insufficient_funds") {
      const intent = must(id);
      intent.status = "requires_payment_method";
      intent.lastPaymentError = {
        code: "card_declined",
        decline_code: declineCode,
        message: "Your card was declined.",
      };
      return paymentIntentJson(intent);
    },
    setPaymentIntentCreated(id, at) {
      must(id).created = seconds(at);
    },
  };
  return { route, helpers };
}
