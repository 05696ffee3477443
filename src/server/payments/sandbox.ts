import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { checkoutSessions } from "../db/schema";
import { openCheckouts } from "./checkouts.repo";
import { addMonth, type CheckoutLookup, type PaymentProvider } from "./provider";

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
  };
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
