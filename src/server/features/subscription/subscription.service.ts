import { SUBSCRIPTION_PRICE_CENTS } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import type { AppContext } from "../../context";
import { membershipCancelledEmail } from "../../email/account-templates";
import { sendPaymentReceipt } from "../../email/receipts";
import { conflict, notFound } from "../../errors";
import {
  hasActiveSubscription,
  renewalGraceMs,
  requireUser,
  type Viewer,
  type ViewerUser,
} from "../../http/viewer";
import { stopIfShuttingDown } from "../../jobs/stopping";
import { addMonth, type SubscriptionPayment } from "../../payments/provider";
import { loadViewerUser } from "../auth/auth.service";
import * as repo from "./subscription.repo";

export async function createCheckout(
  ctx: AppContext,
  viewer: Viewer,
  appUrl: string,
): Promise<{ url: string }> {
  const user = requireUser(viewer);
  if (hasActiveSubscription(user)) throw conflict("You already have an active subscription");
  const checkout = await ctx.payments.createSubscriptionCheckout({
    userId: user.id,
    email: user.email,
    amountCents: SUBSCRIPTION_PRICE_CENTS,
    successUrl: `${appUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/subscribe`,
  });
  return { url: checkout.url };
}

/** Applies a paid period; the provider's payment id makes every path that sees it count once. */
export async function applyPayment(ctx: AppContext, payment: SubscriptionPayment): Promise<boolean> {
  const applied = await ctx.db.transaction((tx) =>
    repo.recordSubscriptionPayment(tx, ctx.payments.name, payment),
  );
  if (applied) {
    ctx.log.info({ userId: payment.userId, paymentId: payment.providerPaymentId }, "subscription paid");
    await sendSubscriptionReceipt(ctx, payment);
  }
  return applied;
}

/**
 * The receipt of a membership payment (the first and every renewal), sent by the path that booked
 * it, after its commit: applyPayment, the sandbox's checkout and renewals.
 */
export async function sendSubscriptionReceipt(
  ctx: AppContext,
  payment: SubscriptionPayment,
  cardLast4: string | null = null,
) {
  await sendPaymentReceipt(ctx, {
    userId: payment.userId,
    amountCents: payment.amountCents,
    reference: payment.providerPaymentId,
    paidAt: ctx.clock.now(),
    paidFor: { kind: "subscription", periodStart: payment.periodStart, periodEnd: payment.periodEnd },
    cardLast4,
  });
}

/** The success page asks the provider about its checkout, so activation never waits on a webhook. */
export async function confirmCheckout(ctx: AppContext, viewer: Viewer, checkoutId: string) {
  const user = requireUser(viewer);
  const found = await ctx.payments.retrieveCheckout(checkoutId);
  if (!found || found.userId !== user.id) throw notFound("Checkout not found");
  if (found.status === "complete") await applyPayment(ctx, found.payment);
  const fresh = await loadViewerUser(ctx.db, user.id, ctx.clock.now());
  return {
    subscriptionStatus: fresh?.subscriptionStatus ?? user.subscriptionStatus,
    checkoutStatus: found.status,
  };
}

async function reload(ctx: AppContext, user: ViewerUser): Promise<ViewerUser> {
  return (await loadViewerUser(ctx.db, user.id, ctx.clock.now())) ?? user;
}

export async function cancel(ctx: AppContext, viewer: Viewer): Promise<ViewerUser> {
  const user = requireUser(viewer);
  const sub = await repo.findSubscription(ctx.db, user.id);
  if (!sub || user.subscriptionStatus !== "active")
    throw conflict("You have no active subscription to cancel");
  // A membership paid through another provider than the configured one is only changed here.
  if (sub.provider === ctx.payments.name) await ctx.payments.cancelAtPeriodEnd(sub.providerSubscriptionId);
  const now = ctx.clock.now();
  // Told once, by the request that changed it (a double tap or a race with expiry sends nothing more).
  if (await repo.transitionStatus(ctx.db, user.id, "active", "cancel_at_period_end", now)) {
    await tellCancelled(ctx, user, now, sub.currentPeriodEnd);
  }
  return reload(ctx, user);
}

/** The member's confirmation of a cancellation: until when it stays active, and how to undo it. */
async function tellCancelled(ctx: AppContext, user: ViewerUser, at: Date, activeUntil: Date) {
  const inZone = (d: Date) => formatInZone(d, user.timeZone, user.locale ?? undefined);
  // The mailer never throws: a confirmation that cannot be sent leaves the cancellation standing.
  await ctx.mailer.send(
    user.email,
    membershipCancelledEmail(user.firstName, {
      at: inZone(at),
      activeUntil: inZone(activeUntil),
      profileLink: `${ctx.config.appUrl}/profile`,
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

/** A deleted member's membership: set to end with its paid period, never renewed. */
export async function stopRenewing(ctx: AppContext, userId: number): Promise<void> {
  const sub = await repo.findSubscription(ctx.db, userId);
  if (sub?.status !== "active") return;
  if (sub.provider === ctx.payments.name) await ctx.payments.cancelAtPeriodEnd(sub.providerSubscriptionId);
  await repo.transitionStatus(ctx.db, userId, "active", "cancel_at_period_end", ctx.clock.now());
}

/**
 * What a ban did to a membership: `stopped` its renewal, found it `ending` already (the member had
 * cancelled), or found `none` running. `activeUntil`: the end of the period paid, when one runs.
 */
export type BanStop = { renewal: "stopped" | "ending" | "none"; activeUntil: Date | null };

/**
 * A banned member cannot sign in to manage their membership, so a ban stops an active one from
 * renewing (at the provider, then here, marked as the ban's doing); it stays paid until its period
 * ends. One already set to end, or none, is left as it is.
 */
export async function stopRenewingForBan(ctx: AppContext, userId: number): Promise<BanStop> {
  const sub = await repo.findSubscription(ctx.db, userId);
  const running = sub && sub.status !== "expired" && sub.currentPeriodEnd > ctx.clock.now() ? sub : null;
  if (!running) return { renewal: "none", activeUntil: null };
  if (running.status !== "active") return { renewal: "ending", activeUntil: running.currentPeriodEnd };
  if (running.provider === ctx.payments.name) {
    await ctx.payments.cancelAtPeriodEnd(running.providerSubscriptionId);
  }
  const stopped = await repo.stopForBan(ctx.db, userId, ctx.clock.now());
  return { renewal: stopped ? "stopped" : "ending", activeUntil: running.currentPeriodEnd };
}

/**
 * What lifting a ban did to the membership: renewal `restored`, or the period the ban stopped had
 * `ended` meanwhile; `none`: the ban had not changed it (or something else has since).
 */
export type BanUndo = { renewal: "restored" | "ended" | "none"; periodEnd: Date | null };

/**
 * Lifting a ban undoes what the ban did and nothing else: renewal comes back (the provider first,
 * then here) only when the ban stopped it, it is still set to end, and its period has not ended. A
 * provider that fails throws with nothing changed here, so the unban can be tried again.
 */
export async function restoreAfterBan(ctx: AppContext, userId: number): Promise<BanUndo> {
  const sub = await repo.findSubscription(ctx.db, userId);
  if (!sub?.stoppedByBanAt) return { renewal: "none", periodEnd: null };
  const now = ctx.clock.now();
  const ending = sub.status === "cancel_at_period_end";
  const restore = ending && sub.currentPeriodEnd > now;
  if (restore && sub.provider === ctx.payments.name) await ctx.payments.resume(sub.providerSubscriptionId);
  if (await repo.undoBanStop(ctx.db, userId, now, restore)) {
    return { renewal: "restored", periodEnd: sub.currentPeriodEnd };
  }
  // Renewing again already (the provider's own change), or no longer the ban's to undo.
  if (sub.status === "active") return { renewal: "none", periodEnd: null };
  return { renewal: "ended", periodEnd: sub.currentPeriodEnd };
}

export async function reactivate(ctx: AppContext, viewer: Viewer): Promise<ViewerUser> {
  const user = requireUser(viewer);
  const sub = await repo.findSubscription(ctx.db, user.id);
  if (!sub || user.subscriptionStatus !== "cancel_at_period_end") {
    throw conflict("Only a subscription set to cancel can be reactivated");
  }
  if (sub.provider === ctx.payments.name) await ctx.payments.resume(sub.providerSubscriptionId);
  await repo.transitionStatus(ctx.db, user.id, "cancel_at_period_end", "active", ctx.clock.now());
  return reload(ctx, user);
}

/**
 * Scheduled job: ends periods that ran out. Sandbox memberships renew from the card on file
 * (within a day of their end: after a longer outage they expire rather than back-charge);
 * Stripe renews through its invoice.paid webhook and expires only after its grace period;
 * a membership set to cancel expires. Safe to run in several processes at once.
 */
export async function runPeriodEnds(ctx: AppContext): Promise<{ renewed: number; expired: number }> {
  const now = ctx.clock.now();
  let renewed = 0;
  let expired = 0;
  for (let batch = 0; batch < 50; batch++) {
    const due = await repo.dueSubscriptions(ctx.db, now, renewalGraceMs("stripe"));
    for (const sub of due) {
      stopIfShuttingDown(ctx);
      const late = now.getTime() - sub.currentPeriodEnd.getTime() >= renewalGraceMs(sub.provider);
      // Only the sandbox renews by itself, and only while it is the configured provider.
      const renewHere =
        sub.status === "active" && sub.provider === "sandbox" && ctx.payments.name === "sandbox";
      if (renewHere && !late) {
        const periodStart = sub.currentPeriodEnd;
        const payment = {
          userId: sub.userId,
          providerPaymentId: `pi_sandbox_renewal_${sub.userId}_${periodStart.toISOString()}`,
          amountCents: SUBSCRIPTION_PRICE_CENTS,
          periodStart,
          periodEnd: addMonth(periodStart),
        };
        if (await ctx.db.transaction((tx) => repo.claimRenewal(tx, "sandbox", payment))) {
          renewed++;
          await sendSubscriptionReceipt(ctx, payment);
        }
        continue;
      }
      if (await repo.expireIfDue(ctx.db, sub.userId, now)) expired++;
    }
    if (due.length < 100) break;
  }
  return { renewed, expired };
}
