import { timingSafeEqual } from "node:crypto";
import { fitcoinsFromMinor, formatMinor, formatUsd } from "../../../core/money";
import { dollarsToCents } from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { sendPaymentReceipt } from "../../email/receipts";
import { badRequest, conflict, notFound, subscriptionRequired } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { userBalances } from "../../ledger/accounts";
import {
  intentIdFromClientSecret,
  type PaymentPurpose,
  type ProviderPaymentIntent,
} from "../../payments/provider";
import * as repo from "./deposits.repo";

/** Reconciliation looks back this far at the provider's payments (specification 3, section 7). */
export const RECONCILE_WINDOW_MS = 30 * 24 * 3600 * 1000;

/**
 * Applies a succeeded card payment: one transaction, exactly once, whichever path saw it first
 * (the provider's webhook, the sandbox's delivery of it, process-deposit, reconciliation).
 */
export async function applyPaymentSucceeded(
  ctx: AppContext,
  intent: repo.SucceededIntent,
): Promise<{ applied: boolean; transferId: number }> {
  const result = await ctx.db.transaction((tx) =>
    repo.bookPayment(tx, ctx.payments.name, intent, ctx.clock.now()),
  );
  if (result.applied) {
    ctx.log.info(
      {
        userId: intent.userId,
        paymentId: intent.id,
        purpose: intent.purpose,
        amountCents: intent.amountCents,
      },
      "card payment booked",
    );
    // Only the path that booked it, after the commit: one receipt per payment.
    await sendPaymentReceipt(ctx, {
      userId: intent.userId,
      amountCents: intent.amountCents,
      reference: intent.id,
      paidAt: ctx.clock.now(),
      paidFor: { kind: intent.purpose },
      cardLast4: intent.cardLast4 ?? null,
    });
  }
  return result;
}

/**
 * A provider's report that an intent succeeded (Stripe's payment_intent.succeeded, the sandbox's
 * delivery of it). An intent naming a member this database does not have is logged and skipped.
 */
export async function onPaymentIntentSucceeded(ctx: AppContext, intent: ProviderPaymentIntent) {
  if (intent.status !== "succeeded") return;
  if (!(await repo.existingUserIds(ctx.db, [intent.userId])).has(intent.userId)) {
    ctx.log.warn({ paymentId: intent.id, userId: intent.userId }, "card payment for an unknown member");
    return;
  }
  await applyPaymentSucceeded(ctx, intent);
}

export async function createPaymentIntent(
  ctx: AppContext,
  viewer: Viewer,
  body: { amount: number; purpose?: PaymentPurpose },
) {
  // Adding money is not competing (DESIGN 1, lapsed members): a member whose membership ended may
  // still top up. One who never subscribed may not: card money turned into FitCoins and a gift card
  // by an account that never paid for a membership is the stolen-card path, not a member's.
  const user = requireUser(viewer);
  if (user.subscriptionStatus === "inactive") throw subscriptionRequired();
  const amountCents = dollarsToCents(body.amount);
  // The route's schema has checked the amount already; this only narrows the type.
  if (amountCents === null) throw badRequest("Amount is required");
  const intent = await ctx.payments.createPaymentIntent({
    userId: user.id,
    email: user.email,
    amountCents,
    purpose: body.purpose ?? "deposit",
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: amountCents / 100 };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The member's own intent behind a client secret; 404 for anything else (no hint whether it exists). */
export async function intentBySecret(
  ctx: AppContext,
  userId: number,
  clientSecret: string,
): Promise<ProviderPaymentIntent> {
  const id = intentIdFromClientSecret(clientSecret);
  const intent = id ? await ctx.payments.retrievePaymentIntent(id) : undefined;
  if (!intent?.clientSecret || !sameSecret(intent.clientSecret, clientSecret) || intent.userId !== userId) {
    throw notFound("Payment not found");
  }
  return intent;
}

/** What the checkout page shows and how it pays (GET /api/payments/intent). */
export async function checkoutIntent(ctx: AppContext, viewer: Viewer, clientSecret: string) {
  const user = requireUser(viewer);
  const intent = await intentBySecret(ctx, user.id, clientSecret);
  return {
    paymentIntentId: intent.id,
    amount: formatMinor(intent.amountCents),
    purpose: intent.purpose,
    status: intent.status,
    provider: ctx.payments.name,
    publishableKey: ctx.payments.name === "stripe" ? (ctx.config.stripe?.publishableKey ?? null) : null,
  };
}

async function balancesAnswer(ctx: AppContext, userId: number, message: string) {
  const { usd, fc } = await userBalances(ctx.db, userId);
  return { message, balance: formatMinor(usd), fitcoins: fitcoinsFromMinor(fc) };
}

/**
 * The checkout's call after the provider confirmed the card: asks the provider (never the
 * browser) whether the intent succeeded and whose it is, then books it once.
 */
export async function processDeposit(
  ctx: AppContext,
  viewer: Viewer,
  body: { paymentIntentId: string; amount: number },
) {
  const user = requireUser(viewer);
  const intent = await ctx.payments.retrievePaymentIntent(body.paymentIntentId);
  if (!intent || intent.userId !== user.id) throw notFound("Payment not found");
  if (dollarsToCents(body.amount) !== intent.amountCents) {
    throw badRequest("Amount does not match the payment", [
      { path: "amount", message: `The payment was for ${formatUsd(intent.amountCents)}` },
    ]);
  }
  if (intent.status !== "succeeded") throw conflict("This payment has not succeeded");
  await applyPaymentSucceeded(ctx, intent);
  // The same answer whichever path booked it first (the sandbox's webhook usually has).
  const what = intent.purpose === "deposit" ? "Deposit" : "FitCoin purchase";
  return balancesAnswer(ctx, user.id, `${what} of ${formatUsd(intent.amountCents)} processed successfully`);
}

export type ReconcileOutcome = {
  missing: ProviderPaymentIntent[];
  recovered: { intent: ProviderPaymentIntent; transferId: number }[];
  /** Missing payments whose booking threw: the others were still tried (the next run tries these again). */
  failed: { intent: ProviderPaymentIntent; error: unknown }[];
};

/**
 * Books every succeeded intent of the list that was never booked, each in its own transaction: one
 * that cannot be booked is kept with its error and never stops those after it (DESIGN 2.4).
 */
async function recover(ctx: AppContext, intents: ProviderPaymentIntent[]): Promise<ReconcileOutcome> {
  const booked = new Set<string>();
  for (let i = 0; i < intents.length; i += 500) {
    const chunk = intents.slice(i, i + 500).map((p) => p.id);
    for (const id of await repo.bookedPaymentIds(ctx.db, ctx.payments.name, chunk)) booked.add(id);
  }
  const missing = intents.filter((p) => !booked.has(p.id));
  const recovered: ReconcileOutcome["recovered"] = [];
  const failed: ReconcileOutcome["failed"] = [];
  for (const intent of missing) {
    try {
      // Another path may book it between the look-up and here: then it is not ours to count.
      const result = await applyPaymentSucceeded(ctx, intent);
      if (result.applied) recovered.push({ intent, transferId: result.transferId });
    } catch (error) {
      failed.push({ intent, error });
      ctx.log.error(
        { err: error, paymentId: intent.id, userId: intent.userId },
        "reconciliation could not book a card payment",
      );
    }
  }
  if (missing.length > 0) {
    ctx.log.warn(
      { missing: missing.map((p) => p.id), recovered: recovered.length, failed: failed.length },
      "reconciliation found card payments that were never booked",
    );
  }
  return { missing, recovered, failed };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** POST /api/reconcile-deposits: the member's provider payments of the last 30 days, each booked. */
export async function reconcileMember(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return reconcileUser(ctx, user);
}

/**
 * The Current User Check (specification 3, reconciliation) for one member: their own provider
 * payments of the last 30 days, each booked once. The member's own call and the admin's member
 * page share it; whoever asks must be that member or an admin.
 */
export async function reconcileUser(ctx: AppContext, user: { id: number }) {
  const since = new Date(ctx.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const intents = await ctx.payments.listSucceededPaymentIntents(user.id, since);
  const { missing, recovered, failed } = await recover(
    ctx,
    intents.filter((p) => p.userId === user.id),
  );
  // The member asked about their own payments: one that could not be booked is an error to them
  // (the others are booked by now), never a silent "recovered".
  if (failed.length > 0) throw failed[0].error;
  const total = recovered.reduce((sum, r) => sum + r.intent.amountCents, 0);
  return {
    missingDepositsFound: missing.length,
    depositsRecovered: recovered.length,
    message:
      missing.length === 0
        ? "No missing deposits found. All your payments of the last 30 days are in your wallet."
        : `Recovered ${plural(recovered.length, "missing payment")} (${formatUsd(total)}).`,
    recoveredDeposits: recovered.map((r) => ({
      amount: formatMinor(r.intent.amountCents),
      paymentIntentId: r.intent.id,
      transactionId: r.transferId,
    })),
  };
}

/** Every member's provider payments of the last 30 days, grouped by member (admin and daily job). */
export async function reconcileEveryone(ctx: AppContext) {
  const since = new Date(ctx.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const intents = await ctx.payments.listSucceededPaymentIntents(null, since);
  const known = await repo.existingUserIds(ctx.db, [...new Set(intents.map((p) => p.userId))]);
  // A payment naming a user this database does not have (another environment's keys) is skipped.
  const outcome = await recover(
    ctx,
    intents.filter((p) => known.has(p.userId)),
  );
  return outcome;
}
