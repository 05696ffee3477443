import { and, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { payments, subscriptions } from "../../db/schema";
import { systemAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import type { SubscriptionPayment } from "../../payments/provider";

/** Inserts a succeeded payment; false when the provider's payment id was already recorded. */
async function insertSucceededPayment(tx: Tx, provider: string, p: SubscriptionPayment): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      userId: p.userId,
      provider,
      providerPaymentId: p.providerPaymentId,
      purpose: "subscription",
      amountCents: p.amountCents,
      status: "succeeded",
      createdAt: p.periodStart,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) return false;
  // The card payment enters the books as subscription revenue, attributed to the member.
  await transfer(tx, {
    from: await systemAccount(tx, "cardPayments", p.userId),
    to: await systemAccount(tx, "subscriptionRevenue"),
    amount: p.amountCents,
    currency: "USD",
    kind: "subscription",
    description: "StepRace membership (monthly)",
    userId: p.userId,
    reference: p.providerPaymentId,
    idempotencyKey: `payment:${provider}:${p.providerPaymentId}`,
  });
  return true;
}

/**
 * Records a paid period exactly once (the provider's payment id is unique) and extends the
 * membership to the paid period's end. Answers false when that payment was already recorded.
 */
export async function recordSubscriptionPayment(
  tx: Tx,
  provider: string,
  p: SubscriptionPayment,
): Promise<boolean> {
  if (!(await insertSucceededPayment(tx, provider, p))) return false;
  // A period that starts at or after the current one ends (a renewal, or a new checkout after
  // expiry) begins a new period; a repeat of the current one (Stripe's first invoice) changes nothing.
  const newPeriod = sql`(${subscriptions.status} = 'expired' or ${p.periodStart} >= ${subscriptions.currentPeriodEnd})`;
  await tx
    .insert(subscriptions)
    .values({
      userId: p.userId,
      status: "active",
      provider,
      providerCustomerId: p.customerId ?? null,
      providerSubscriptionId: p.subscriptionId ?? null,
      currentPeriodStart: p.periodStart,
      currentPeriodEnd: p.periodEnd,
      updatedAt: p.periodStart,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        // A pending cancellation stands while its period runs; anything else becomes active.
        status: sql`case when ${subscriptions.status} = 'cancel_at_period_end' and ${subscriptions.currentPeriodEnd} > ${p.periodStart} then 'cancel_at_period_end' else 'active' end`,
        provider,
        providerCustomerId: sql`coalesce(${p.customerId ?? null}, ${subscriptions.providerCustomerId})`,
        providerSubscriptionId: sql`coalesce(${p.subscriptionId ?? null}, ${subscriptions.providerSubscriptionId})`,
        currentPeriodStart: sql`case when ${newPeriod} then ${p.periodStart} else ${subscriptions.currentPeriodStart} end`,
        currentPeriodEnd: sql`case when ${subscriptions.status} = 'expired' then ${p.periodEnd} else greatest(${subscriptions.currentPeriodEnd}, ${p.periodEnd}) end`,
        canceledAt: sql`case when ${subscriptions.status} = 'expired' then null else ${subscriptions.canceledAt} end`,
        updatedAt: p.periodStart,
      },
    });
  return true;
}

/**
 * Renews an active membership from the card on file: the conditional update claims the period
 * (still active, still ending where the job saw it), so a cancel that came first wins and two
 * processes running the job charge once.
 */
export async function claimRenewal(tx: Tx, provider: string, p: SubscriptionPayment): Promise<boolean> {
  const claimed = await tx
    .update(subscriptions)
    .set({ currentPeriodStart: p.periodStart, currentPeriodEnd: p.periodEnd, updatedAt: p.periodStart })
    .where(
      and(
        eq(subscriptions.userId, p.userId),
        eq(subscriptions.status, "active"),
        eq(subscriptions.currentPeriodEnd, p.periodStart),
      ),
    )
    .returning({ userId: subscriptions.userId });
  if (claimed.length === 0) return false;
  return insertSucceededPayment(tx, provider, p);
}

export async function recordFailedPayment(
  db: Db,
  values: {
    userId: number;
    provider: string;
    providerPaymentId: string;
    amountCents: number;
    code: string;
    message: string;
    at: Date;
  },
) {
  await db
    .insert(payments)
    .values({
      userId: values.userId,
      provider: values.provider,
      providerPaymentId: values.providerPaymentId,
      purpose: "subscription",
      amountCents: values.amountCents,
      status: "failed",
      failureCode: values.code,
      failureMessage: values.message,
      createdAt: values.at,
    })
    .onConflictDoNothing();
}

export async function findSubscription(db: Db, userId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** Moves a subscription from one status to another only if it is still in the expected one. */
export async function transitionStatus(db: Db, userId: number, from: string, to: string, at: Date) {
  // canceledAt records when a cancellation was asked for: set on cancel, cleared on reactivate,
  // kept when the cancelled membership later expires.
  const canceledAt =
    to === "cancel_at_period_end" ? at : to === "active" ? null : sql`${subscriptions.canceledAt}`;
  const rows = await db
    .update(subscriptions)
    .set({ status: to, updatedAt: at, canceledAt })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, from)))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/**
 * A ban stops an active membership's renewal and says so on the row (`stoppedByBanAt`), in one
 * conditional update: false when it was not active (a member's own cancellation, or none).
 */
export async function stopForBan(db: Db, userId: number, at: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ status: "cancel_at_period_end", canceledAt: at, stoppedByBanAt: at, updatedAt: at })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/**
 * Lifting a ban undoes what the ban did to the membership, only that: renewal back on while the
 * period the ban stopped still runs. The ban's mark is cleared either way. Answers whether renewal
 * came back.
 */
export async function undoBanStop(db: Db, userId: number, at: Date, restore: boolean) {
  if (restore) {
    const rows = await db
      .update(subscriptions)
      .set({ status: "active", canceledAt: null, stoppedByBanAt: null, updatedAt: at })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.status, "cancel_at_period_end"),
          isNotNull(subscriptions.stoppedByBanAt),
          gt(subscriptions.currentPeriodEnd, at),
        ),
      )
      .returning({ userId: subscriptions.userId });
    if (rows.length > 0) return true;
  }
  await db.update(subscriptions).set({ stoppedByBanAt: null }).where(eq(subscriptions.userId, userId));
  return false;
}

/**
 * Memberships the period-end job must act on, oldest first: periods that ended, except active
 * Stripe ones still inside the grace in which the renewal webhook is expected.
 */
export async function dueSubscriptions(db: Db, now: Date, stripeGraceMs: number, limit = 100) {
  const graceStart = new Date(now.getTime() - stripeGraceMs);
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ["active", "cancel_at_period_end"]),
        lte(subscriptions.currentPeriodEnd, now),
        sql`not (${subscriptions.provider} = 'stripe' and ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > ${graceStart})`,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
}

/** Claims an expiry: only the process whose conditional update matched does the work. */
export async function expireIfDue(db: Db, userId: number, now: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["active", "cancel_at_period_end"]),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/** Ends a membership now, from either live status (the provider deleted the subscription). */
export async function expireNow(db: Db, userId: number, at: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ status: "expired", updatedAt: at })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["active", "cancel_at_period_end"]),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

export async function findUserIdBySubscriptionId(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row?.userId;
}

export async function findUserIdByCustomerId(db: Db, providerCustomerId: string) {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerId, providerCustomerId))
    .limit(1);
  return row?.userId;
}
