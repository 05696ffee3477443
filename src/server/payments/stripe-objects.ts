// How Stripe's objects read as ours: ids, the member in the metadata, payment intents, and the
// subscription period across API versions (2025-03-31 moved it). Pure: no call to Stripe.
import type Stripe from "stripe";
import type { PaymentIntentStatus, ProviderPaymentIntent } from "./provider";

export type Period = { start: Date; end: Date };

const toDate = (seconds: number) => new Date(seconds * 1000);

/** A Stripe reference is an id or, when expanded, the object itself. */
export function idOf(ref: string | { id?: string } | null | undefined): string | null {
  if (typeof ref === "string") return ref;
  return ref?.id ?? null;
}

/** Reads a field that older API versions had and the SDK's (latest-version) types no longer list. */
function legacyField(obj: object, key: string): unknown {
  return (obj as Record<string, unknown>)[key];
}

/** Our user id as we put it into Stripe metadata at checkout; undefined when absent or malformed. */
export function metadataUserId(metadata: Record<string, string> | null | undefined): number | undefined {
  const raw = metadata?.userId;
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

/** Stripe's intent states in the three our checkout knows: paid, cancelled, or still to pay. */
function intentStatus(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "canceled") return "failed";
  return "requires_payment_method";
}

/**
 * A Stripe payment intent as ours: only intents this app created (USD, with the member's id and
 * the purpose in their metadata) count; a subscription invoice's intent or a stranger's is ignored.
 */
export function intentFromStripe(pi: Stripe.PaymentIntent): ProviderPaymentIntent | undefined {
  const userId = metadataUserId(pi.metadata);
  const purpose = pi.metadata?.purpose;
  if (userId === undefined || (purpose !== "deposit" && purpose !== "fitcoins")) return undefined;
  if (pi.currency !== "usd" || !Number.isSafeInteger(pi.amount) || pi.amount <= 0) return undefined;
  return {
    id: pi.id,
    userId,
    amountCents: pi.amount,
    purpose,
    status: intentStatus(pi.status),
    clientSecret: pi.client_secret,
    createdAt: toDate(pi.created),
  };
}

/** Since API 2025-03-31 the period lives on subscription items; before, on the subscription. */
export function subscriptionPeriod(sub: Stripe.Subscription): Period | undefined {
  const item = sub.items?.data?.[0];
  let start: number | undefined = item?.current_period_start;
  let end: number | undefined = item?.current_period_end;
  if (!start || !end) {
    const legacyStart = legacyField(sub, "current_period_start");
    const legacyEnd = legacyField(sub, "current_period_end");
    start = typeof legacyStart === "number" ? legacyStart : undefined;
    end = typeof legacyEnd === "number" ? legacyEnd : undefined;
  }
  return start && end && end > start ? { start: toDate(start), end: toDate(end) } : undefined;
}

/** Since API 2025-03-31 invoice.subscription moved to invoice.parent.subscription_details. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  if (current) return idOf(current);
  const legacy = legacyField(invoice, "subscription");
  if (typeof legacy === "string") return legacy;
  if (typeof legacy === "object" && legacy !== null) return idOf(legacy as { id?: string });
  return null;
}

/** The member id we stored in the subscription's metadata, as the invoice carries it. */
export function invoiceUserId(invoice: Stripe.Invoice): number | undefined {
  const legacyDetails = legacyField(invoice, "subscription_details");
  const legacyMetadata =
    typeof legacyDetails === "object" && legacyDetails !== null
      ? (legacyField(legacyDetails, "metadata") as Record<string, string> | null | undefined)
      : undefined;
  return (
    metadataUserId(invoice.parent?.subscription_details?.metadata) ??
    metadataUserId(legacyMetadata) ??
    metadataUserId(invoice.metadata)
  );
}

/**
 * The service period an invoice paid for, from its subscription line. The invoice's own
 * period_start/period_end is not used: for a renewal it is the previous period.
 */
export function invoicePeriod(invoice: Stripe.Invoice): Period | undefined {
  let best: Stripe.InvoiceLineItem["period"] | undefined;
  for (const line of invoice.lines?.data ?? []) {
    const isSubscriptionLine =
      line.parent?.type === "subscription_item_details" || legacyField(line, "type") === "subscription";
    if (!isSubscriptionLine || !line.period) continue;
    if (line.parent?.subscription_item_details?.proration || legacyField(line, "proration") === true)
      continue;
    if (!best || line.period.end > best.end) best = line.period;
  }
  return best && best.end > best.start ? { start: toDate(best.start), end: toDate(best.end) } : undefined;
}
