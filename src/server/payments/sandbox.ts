import { randomBytes } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { checkoutSessions, sandboxPaymentIntents } from "../db/schema";
import { openCheckouts } from "./checkouts.repo";
import {
  addMonth,
  type CheckoutLookup,
  type PaymentIntentStatus,
  type PaymentProvider,
  type PaymentPurpose,
  type ProviderPaymentIntent,
} from "./provider";

const OPEN_CHECKOUT_REUSE_MS = 60 * 60 * 1000;

/**
 * The built-in provider: no keys, an in-app hosted checkout page at /sandbox/checkout/{id} that
 * accepts Stripe's published test cards. The payment id of a completed checkout is derived from
 * the checkout id, so every path that sees it records the same payment.
 */
export function createSandboxProvider(db: Db, clock: Clock): PaymentProvider {
  return {
    name: "sandbox",
    async createSubscriptionCheckout(request) {
      // A second tab or a retry gets the checkout already open, not another one to pay.
      const since = new Date(clock.now().getTime() - OPEN_CHECKOUT_REUSE_MS);
      const [open] = await openCheckouts(db, request.userId, "sandbox", since);
      if (open) return { id: open.id, url: `/sandbox/checkout/${open.id}` };
      const id = `cs_sandbox_${randomBytes(18).toString("base64url")}`;
      await db.insert(checkoutSessions).values({
        id,
        userId: request.userId,
        provider: "sandbox",
        purpose: "subscription",
        amountCents: request.amountCents,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: clock.now(),
      });
      return { id, url: `/sandbox/checkout/${id}` };
    },
    async retrieveCheckout(id): Promise<CheckoutLookup | undefined> {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, "sandbox")))
        .limit(1);
      if (!row) return undefined;
      if (row.status !== "complete" || !row.completedAt) {
        return { status: row.status === "expired" ? "expired" : "open", userId: row.userId };
      }
      return {
        status: "complete",
        userId: row.userId,
        payment: sandboxCheckoutPayment(row.id, row.userId, row.amountCents, row.completedAt),
      };
    },
    async cancelAtPeriodEnd() {},
    async resume() {},

    async createPaymentIntent(request) {
      // Hex keeps "_secret_" out of the random parts, so the id can be read back from the secret.
      const id = `pi_sandbox_${randomBytes(12).toString("hex")}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString("hex")}`;
      await db.insert(sandboxPaymentIntents).values({
        id,
        userId: request.userId,
        amountCents: request.amountCents,
        purpose: request.purpose,
        clientSecret,
        createdAt: clock.now(),
      });
      return { id, clientSecret };
    },

    async retrievePaymentIntent(id) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, id))
        .limit(1);
      return row ? sandboxIntent(row) : undefined;
    },

    async listSucceededPaymentIntents(userId, since) {
      const rows = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            eq(sandboxPaymentIntents.status, "succeeded"),
            gte(sandboxPaymentIntents.createdAt, since),
            userId === null ? undefined : eq(sandboxPaymentIntents.userId, userId),
          ),
        )
        .orderBy(desc(sandboxPaymentIntents.createdAt));
      return rows.map(sandboxIntent);
    },
  };
}

function sandboxIntent(row: typeof sandboxPaymentIntents.$inferSelect): ProviderPaymentIntent {
  return {
    id: row.id,
    userId: row.userId,
    amountCents: row.amountCents,
    purpose: row.purpose as PaymentPurpose,
    status: row.status as PaymentIntentStatus,
    clientSecret: row.clientSecret,
    createdAt: row.createdAt,
  };
}

/**
 * The sandbox takes the card's money: the intent moves to succeeded once, whichever of two
 * concurrent confirmations gets there first. False when it was not awaiting a card any more.
 */
export async function markSandboxIntentSucceeded(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxPaymentIntents)
    .set({ status: "succeeded", succeededAt: at, lastErrorCode: null })
    .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, "requires_payment_method")))
    .returning({ id: sandboxPaymentIntents.id });
  return rows.length > 0;
}

/** A declined card leaves the intent open for another card, as Stripe does, with the reason kept. */
export async function markSandboxIntentDeclined(db: Db, id: string, code: string): Promise<void> {
  await db
    .update(sandboxPaymentIntents)
    .set({ lastErrorCode: code })
    .where(
      and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, "requires_payment_method")),
    );
}

export function sandboxCheckoutPayment(
  checkoutId: string,
  userId: number,
  amountCents: number,
  paidAt: Date,
) {
  return {
    userId,
    providerPaymentId: `pi_${checkoutId}`,
    amountCents,
    periodStart: paidAt,
    periodEnd: addMonth(paidAt),
    customerId: `cus_sandbox_${userId}`,
    subscriptionId: `sub_sandbox_${userId}`,
  };
}
