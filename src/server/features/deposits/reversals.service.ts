import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { bookPayment, existingUserIds, type SucceededIntent } from "./deposits.repo";
import * as repo from "./reversals.repo";

/** Whose card payment a refund or dispute concerns, as the provider's event tells it. */
export type ReversedPayment = {
  /** The payment intent (Stripe) the charge belongs to. */
  providerPaymentId: string | null;
  /** The member behind a card payment we did not book as a deposit or purchase (a membership). */
  memberByCustomer: () => Promise<number | undefined>;
};

/**
 * A deposit or FitCoin purchase of ours that the provider reports succeeded but we never booked
 * (its succeeded webhook was missed): the refund or dispute books it first, so that no later path
 * (webhook, process-deposit, reconciliation) books the full amount after the money went back.
 */
async function succeededButUnbooked(
  ctx: AppContext,
  paymentId: string,
): Promise<SucceededIntent | undefined> {
  const intent = await ctx.payments.retrievePaymentIntent(paymentId);
  if (intent?.status !== "succeeded") return undefined;
  if (!(await existingUserIds(ctx.db, [intent.userId])).has(intent.userId)) return undefined;
  return { id: intent.id, userId: intent.userId, amountCents: intent.amountCents, purpose: intent.purpose };
}

/**
 * Refunds or a dispute of a card payment (one provider event), each booked once, in one transaction.
 * A deposit is taken back from the wallet (the shortfall from chargeback losses, flagged);
 * FitCoin purchases and memberships are not reversed automatically: the member is flagged
 * for an admin, and the event logged. A succeeded payment of ours that was never booked is booked
 * first, in the same transaction (same key as every other path), then reversed or flagged.
 * Any other payment we never booked changes nothing.
 */
export async function onCardReversals(
  ctx: AppContext,
  paid: ReversedPayment,
  reversals: repo.CardReversal[],
) {
  const provider = ctx.payments.name;
  const paymentId = paid.providerPaymentId;
  let payment = paymentId ? await repo.findBookedPayment(ctx.db, provider, paymentId) : undefined;
  const unbooked = !payment && paymentId ? await succeededButUnbooked(ctx, paymentId) : undefined;
  if (unbooked)
    payment = { userId: unbooked.userId, purpose: unbooked.purpose, amountCents: unbooked.amountCents };
  let bookedMissed = false;
  /** Books the missed payment inside the reversal's transaction (a no-op if another path has by now). */
  const bookMissed = async (tx: Tx) => {
    if (unbooked) bookedMissed = (await bookPayment(tx, provider, unbooked, ctx.clock.now())).applied;
  };
  const logBookedMissed = () => {
    if (!bookedMissed || !unbooked) return;
    ctx.log.warn(
      { userId: unbooked.userId, paymentId, purpose: unbooked.purpose, amountCents: unbooked.amountCents },
      "card payment booked on its refund or dispute: its succeeded event was missed",
    );
  };
  const ids = reversals.map((r) => r.reference);
  if (!payment || !paymentId) {
    const userId = await paid.memberByCustomer();
    if (userId === undefined) {
      ctx.log.warn({ paymentId, reversals: ids }, "card refund or dispute for an unknown payment");
      return;
    }
    await ctx.db.transaction(async (tx) => {
      for (const r of reversals) {
        await repo.flagPayment(tx, {
          userId,
          provider,
          providerPaymentId: paymentId ?? r.reference,
          purpose: "subscription",
          reversal: r,
          shortfallCents: 0,
          at: ctx.clock.now(),
        });
      }
    });
    ctx.log.warn(
      { userId, paymentId, reversals: ids },
      "card refund or dispute of a membership payment: not reversed, member flagged for review",
    );
    return;
  }

  if (payment.purpose !== "deposit") {
    await ctx.db.transaction(async (tx) => {
      await bookMissed(tx);
      for (const r of reversals) {
        await repo.flagPayment(tx, {
          userId: payment.userId,
          provider,
          providerPaymentId: paymentId,
          purpose: payment.purpose,
          reversal: r,
          shortfallCents: 0,
          at: ctx.clock.now(),
        });
      }
    });
    logBookedMissed();
    ctx.log.warn(
      { userId: payment.userId, paymentId, purpose: payment.purpose, reversals: ids },
      "card refund or dispute of a FitCoin purchase: not reversed, member flagged for review",
    );
    return;
  }

  // One transaction for the event: its refunds are booked together or not at all.
  const outcomes = await ctx.db.transaction(async (tx) => {
    await bookMissed(tx);
    const done: { r: repo.CardReversal; outcome: repo.ReversalOutcome }[] = [];
    for (const r of reversals) {
      done.push({
        r,
        outcome: await repo.reverseDeposit(tx, provider, paymentId, payment, r, ctx.clock.now()),
      });
    }
    return done;
  });
  logBookedMissed();
  for (const { r, outcome } of outcomes) {
    if (!outcome.applied) continue;
    const details = {
      userId: payment.userId,
      paymentId,
      reason: r.reason,
      reference: r.reference,
      ...outcome,
    };
    if (outcome.shortfall > 0) ctx.log.warn(details, "deposit taken back beyond the wallet: member flagged");
    else ctx.log.info(details, "deposit taken back");
  }
}

/** A dispute closed in the platform's favour: what it took is returned, once. */
export async function onDisputeWon(ctx: AppContext, providerPaymentId: string | null, disputeId: string) {
  const provider = ctx.payments.name;
  const payment = providerPaymentId
    ? await repo.findBookedPayment(ctx.db, provider, providerPaymentId)
    : undefined;
  if (!payment || !providerPaymentId || payment.purpose !== "deposit") return;
  const outcome = await ctx.db.transaction((tx) =>
    repo.reinstateDispute(tx, provider, providerPaymentId, payment, disputeId),
  );
  if (outcome.applied) {
    ctx.log.info(
      { userId: payment.userId, paymentId: providerPaymentId, disputeId, ...outcome },
      "disputed deposit returned",
    );
  }
}
