import type { RecordedRequest } from "./fake-stripe";
import { type Json, newId } from "./fake-stripe-objects";

/**
 * The fake Stripe's charges, refunds and disputes: what the dashboard does when a payment is
 * refunded (in part or in full) or disputed by the card holder, answered as the objects the
 * charge.refunded and charge.dispute.* events carry; plus GET /v1/charges/:id and
 * GET /v1/refunds?charge=, which the app reads when an event does not carry everything.
 */

type Answer = { status: number; body: Json };
type FakeRefund = { id: string; amount: number; status: string; created: number };
type FakeCharge = {
  id: string;
  paymentIntent: string;
  amount: number;
  customer: string | null;
  metadata: Record<string, string>;
  refunds: FakeRefund[];
};
type FakeDispute = { id: string; charge: string; paymentIntent: string; amount: number; status: string };

export type FakeChargeHelpers = {
  /** The dashboard refunds `amount` cents (default: what is left) of a succeeded intent: the charge, for charge.refunded. */
  refundPaymentIntent(paymentIntentId: string, amount?: number): Json;
  /** The card holder disputes the intent's charge (status needs_response): the dispute, for charge.dispute.created. */
  disputePaymentIntent(paymentIntentId: string): Json;
  /** The dispute ends (won or lost): the dispute, for charge.dispute.closed. */
  closeDispute(disputeId: string, status: "won" | "lost"): Json;
};

function refundJson(r: FakeRefund, charge: FakeCharge): Json {
  return {
    id: r.id,
    object: "refund",
    amount: r.amount,
    charge: charge.id,
    payment_intent: charge.paymentIntent,
    currency: "usd",
    status: r.status,
    created: r.created,
  };
}

function chargeJson(c: FakeCharge): Json {
  const refunded = c.refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    id: c.id,
    object: "charge",
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: refunded,
    refunded: refunded >= c.amount,
    currency: "usd",
    customer: c.customer,
    metadata: c.metadata,
    payment_intent: c.paymentIntent,
    paid: true,
    status: "succeeded",
    disputed: false,
    refunds: {
      object: "list",
      url: `/v1/charges/${c.id}/refunds`,
      has_more: false,
      data: [...c.refunds].reverse().map((r) => refundJson(r, c)),
    },
  };
}

function disputeJson(d: FakeDispute): Json {
  return {
    id: d.id,
    object: "dispute",
    amount: d.amount,
    currency: "usd",
    charge: d.charge,
    payment_intent: d.paymentIntent,
    status: d.status,
    reason: "fraudulent",
    is_charge_refundable: false,
  };
}

export function createChargeStore(paymentIntent: (id: string) => Json): {
  route(req: RecordedRequest): Answer | undefined;
  helpers: FakeChargeHelpers;
} {
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();

  /** The one charge of a succeeded intent (made on first use). */
  function chargeOf(paymentIntentId: string): FakeCharge {
    const found = [...charges.values()].find((c) => c.paymentIntent === paymentIntentId);
    if (found) return found;
    const pi = paymentIntent(paymentIntentId);
    if (pi.status !== "succeeded") throw new Error(`fake Stripe: ${paymentIntentId} has not succeeded`);
    const charge: FakeCharge = {
      id: newId("ch"),
      paymentIntent: paymentIntentId,
      amount: pi.amount as number,
      customer: (pi.customer as string | null) ?? null,
      metadata: { ...(pi.metadata as Record<string, string>) },
      refunds: [],
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function route(req: RecordedRequest): Answer | undefined {
    const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && chargeMatch) {
      const charge = charges.get(chargeMatch[1]);
      if (charge) return { status: 200, body: chargeJson(charge) };
      return {
        status: 404,
        body: {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such charge" },
        },
      };
    }
    if (req.method === "GET" && req.path === "/v1/refunds") {
      const charge = req.query.charge ? charges.get(req.query.charge) : undefined;
      const all = charge ? [...charge.refunds].reverse().map((r) => refundJson(r, charge)) : [];
      return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data: all } };
    }
    return undefined;
  }

  const helpers: FakeChargeHelpers = {
    refundPaymentIntent(paymentIntentId, amount) {
      const charge = chargeOf(paymentIntentId);
      const left = charge.amount - charge.refunds.reduce((sum, r) => sum + r.amount, 0);
      const value = amount ?? left;
      if (value <= 0 || value > left) throw new Error(`fake Stripe: cannot refund ${value} of ${left}`);
      charge.refunds.push({
        id: newId("re"),
        amount: value,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      });
      return chargeJson(charge);
    },
    disputePaymentIntent(paymentIntentId) {
      const charge = chargeOf(paymentIntentId);
      const dispute: FakeDispute = {
        id: newId("du"),
        charge: charge.id,
        paymentIntent: paymentIntentId,
        amount: charge.amount,
        status: "needs_response",
      };
      disputes.set(dispute.id, dispute);
      return disputeJson(dispute);
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake Stripe has no dispute ${disputeId}`);
      dispute.status = status;
      return disputeJson(dispute);
    },
  };
  return { route, helpers };
}
