import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { giftCardEmail, giftCardRefundedEmail } from "../../email/reward-templates";
import type { DeliveredGiftCard, GiftCardOrderState, PendingGiftCardOrder } from "../../gift-cards/provider";
import { type SystemAccount, systemAccount, userAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import * as repo from "./redemptions.repo";

/*
 * How a redemption ends (DESIGN 1, gift-card fulfilment), whoever learns it first: the member's
 * request, the signed webhook, the polling job or an admin. Each end is one conditional update of
 * an open redemption in the transaction that books it, so however many of them see the same news,
 * one books it: a delivered card is paid for in the books once, a failed order refunded once.
 */

type Currency = "PTS" | "FC";

export const SINKS: Record<Currency, SystemAccount> = {
  PTS: "pointsRedemptions",
  FC: "fitcoinRedemptions",
};

/** An admin's audit entry, written in the transaction of the change it records (changed or not). */
export type RecordInTx = (tx: Tx, after: repo.RedemptionRow) => Promise<void>;
export type OutcomeOptions = {
  record?: RecordInTx;
  /** The caller holds the redemption's claim (issuing): it may stop the order at the provider. */
  claimed?: boolean;
};

/** An order claimed this long ago by a process that never finished it is claimed again. */
export const CLAIM_STALE_MS = 5 * 60_000;

/**
 * The delay before an order that failed unclearly is tried again: growing with the unclear
 * failures in a row (not with every attempt: polls and admin retries that went well do not count),
 * at most an hour.
 */
export function retryDelayMs(pollMs: number, errorStreak: number): number {
  return Math.min(pollMs * 2 ** Math.max(0, errorStreak - 1), 3600_000);
}

const pageOf = (ctx: AppContext, row: repo.RedemptionRow) =>
  `${ctx.config.appUrl}${row.currency === "PTS" ? "/points" : "/redeem"}`;

const after = (ctx: AppContext, ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** One change of a redemption, with the admin's record (if any) in the same transaction. */
async function change(
  ctx: AppContext,
  id: number,
  record: RecordInTx | undefined,
  work: (tx: Tx) => Promise<repo.RedemptionRow | null>,
): Promise<repo.RedemptionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const changed = await work(tx);
    if (record) await record(tx, changed ?? (await repo.mustById(tx, id)));
    return changed;
  });
}

/**
 * An unclear failure (the provider unreachable, a refusal that may pass): the claim, if held, is
 * given back; the redemption is tried again after a delay that grows with the failures in a row.
 */
export async function noteFailure(
  ctx: AppContext,
  row: repo.RedemptionRow,
  message: string,
  options: OutcomeOptions = {},
): Promise<repo.RedemptionRow> {
  const next = after(ctx, retryDelayMs(ctx.config.giftCardPollMs, row.errorStreak + 1));
  await change(ctx, row.id, options.record, async (tx) => {
    if (options.claimed) await repo.release(tx, row.id, message, next, true);
    else await repo.noteError(tx, row.id, message, next);
    return null;
  });
  return repo.mustById(ctx.db, row.id);
}

/**
 * The books of an issued card (issue 23 item 2): its face value leaves what pays for it (the
 * member's shard of the FitCoin reserve, or the marketing budget for points cards) and becomes
 * owed to the provider. Reference `redemption:<id>` and the member, for the finance view.
 */
async function bookCardCost(tx: Tx, row: repo.RedemptionRow) {
  const from =
    row.currency === "FC"
      ? await systemAccount(tx, "fitcoinReserve", row.userId)
      : await systemAccount(tx, "marketingBudget");
  await transfer(tx, {
    from,
    to: await systemAccount(tx, "giftCardsPayable"),
    amount: row.valueCents,
    currency: "USD",
    kind: "gift_card_cost",
    description: `Issued: ${row.name}`,
    userId: row.userId,
    reference: `redemption:${row.id}`,
    idempotencyKey: `gift-card-cost:${row.id}`,
  });
}

/**
 * The card is the member's: recorded and booked once, then shown and emailed. A card with neither
 * a code nor a link could not be shown: the redemption stays open and is asked about again.
 */
export async function deliver(
  ctx: AppContext,
  row: repo.RedemptionRow,
  card: DeliveredGiftCard,
  options: OutcomeOptions = {},
): Promise<repo.RedemptionRow> {
  const code = card.code ?? row.giftCardCode;
  const link = card.link ?? row.giftCardLink;
  if (!code && !link) {
    const why = `The provider says order ${card.providerReference} is delivered but gave no code or link yet`;
    return noteFailure(ctx, row, why, options);
  }
  const done = await change(ctx, row.id, options.record, async (tx) => {
    const updated = await repo.markDelivered(tx, row.id, {
      // The specification's words: a points card is delivered, a FitCoin card fulfilled.
      status: row.currency === "FC" ? "fulfilled" : "delivered",
      giftCardCode: code,
      giftCardLink: link,
      providerReference: card.providerReference,
      providerRewardId: card.rewardId ?? row.providerRewardId,
      deliveredAt: ctx.clock.now(),
    });
    if (updated) await bookCardCost(tx, updated);
    return updated;
  });
  if (!done) return repo.mustById(ctx.db, row.id);
  await ctx.mailer.send(
    done.deliveryEmail,
    giftCardEmail({
      brand: done.brand,
      value: formatMinor(done.valueCents),
      code: done.giftCardCode,
      cardLink: done.giftCardLink,
      link: pageOf(ctx, done),
    }),
  );
  return done;
}

/**
 * Nothing was issued (refused, failed or cancelled at the provider): the redemption fails and
 * what it cost goes back to the member once (the refund's idempotency key is the request's).
 */
export async function failAndRefund(
  ctx: AppContext,
  row: repo.RedemptionRow,
  reason: string,
  options: OutcomeOptions = {},
): Promise<repo.RedemptionRow> {
  const currency = row.currency as Currency;
  const done = await change(ctx, row.id, options.record, async (tx) => {
    const failed = await repo.markFailed(tx, row.id, reason, ctx.clock.now());
    if (!failed) return null;
    await transfer(tx, {
      from: await systemAccount(tx, SINKS[currency]),
      to: await userAccount(tx, row.userId, currency),
      amount: row.cost,
      currency,
      kind: "refund",
      description: `Returned: ${row.name}`,
      userId: row.userId,
      idempotencyKey: `${row.requestKey}:refund`,
    });
    return failed;
  });
  if (!done) return repo.mustById(ctx.db, row.id);
  ctx.log.warn({ redemptionId: row.id, reason }, "gift card not issued: refunded");
  const returned =
    currency === "FC"
      ? `${fitcoinsFromMinor(done.cost)} FitCoins`
      : `${done.cost.toLocaleString("en-US")} points`;
  await ctx.mailer.send(
    done.deliveryEmail,
    giftCardRefundedEmail({
      brand: done.brand,
      value: formatMinor(done.valueCents),
      returned,
      link: pageOf(ctx, done),
    }),
  );
  return done;
}

const sameEmail = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether an order found at the provider is this redemption's: for our recipient and face value,
 * and the order we recorded if we recorded one. Another database's order may carry the same
 * external id (a restored backup or a staging copy placing orders on the same account).
 */
export function isOurOrder(
  row: repo.RedemptionRow,
  state: Exclude<GiftCardOrderState, { status: "missing" }>,
) {
  return (
    sameEmail(state.recipientEmail, row.deliveryEmail) &&
    state.valueCents === row.valueCents &&
    (row.providerReference === null || row.providerReference === state.providerReference)
  );
}

export const notOursMessage = (row: repo.RedemptionRow, state: { providerReference: string }) =>
  `The provider's order ${state.providerReference} under external id ${row.orderReference} is for another ` +
  "recipient or value: it was not taken as this redemption's card. Refund it if the provider never issued " +
  "a card for it, or ask the provider";

/**
 * A delivery that failed can only end by cancelling the reward (the explicit step here, never a
 * side effect of reading it): cancelled refunds, already redeemed delivers, refused waits for an
 * admin with the reason. Done by the process holding the claim, so one process talks to the provider.
 */
async function stopFailedDelivery(
  ctx: AppContext,
  row: repo.RedemptionRow,
  state: PendingGiftCardOrder,
  options: OutcomeOptions,
): Promise<repo.RedemptionRow> {
  let held = row;
  if (!options.claimed) {
    const now = ctx.clock.now();
    const claimed = await repo.claim(ctx.db, row.id, now, new Date(now.getTime() - CLAIM_STALE_MS), [
      "pending",
      "ordered",
    ]);
    if (!claimed) return repo.mustById(ctx.db, row.id);
    held = claimed;
  }
  const claimedOptions = { ...options, claimed: true };
  let stop: Awaited<ReturnType<AppContext["giftCards"]["stop"]>>;
  try {
    stop = await ctx.giftCards.stop(state, { withLink: !held.giftCardLink && !held.giftCardCode });
  } catch (err) {
    await noteFailure(ctx, held, err instanceof Error ? err.message : String(err), claimedOptions);
    throw err;
  }
  if (stop.outcome === "stopped") {
    return failAndRefund(ctx, held, "The card's delivery failed: cancelled at the provider", claimedOptions);
  }
  if (stop.outcome === "issued") return deliver(ctx, held, stop.card, claimedOptions);
  return noteFailure(ctx, held, stop.reason, claimedOptions);
}

/** Acts on what the provider says about a redemption's order. */
export async function applyOrderState(
  ctx: AppContext,
  row: repo.RedemptionRow,
  state: GiftCardOrderState,
  options: OutcomeOptions = {},
): Promise<repo.RedemptionRow> {
  if (state.status === "missing") {
    // Nothing to act on: an unplaced order is placed by its claim holder, never refunded from here.
    if (options.claimed)
      await change(ctx, row.id, options.record, async (tx) => {
        await repo.release(tx, row.id, row.lastError, row.nextCheckAt);
        return null;
      });
    else if (options.record) await change(ctx, row.id, options.record, async () => null);
    return repo.mustById(ctx.db, row.id);
  }
  if (!isOurOrder(row, state)) {
    await change(ctx, row.id, options.record, (tx) => repo.park(tx, row.id, notOursMessage(row, state)));
    ctx.log.error({ redemptionId: row.id, order: state.providerReference }, "gift card order not ours");
    return repo.mustById(ctx.db, row.id);
  }
  switch (state.status) {
    case "delivered":
      return deliver(ctx, row, state, options);
    case "failed":
      return failAndRefund(ctx, row, state.reason, options);
    case "pending": {
      if (state.hold === "delivery_failed") return stopFailedDelivery(ctx, row, state, options);
      const ordered = await change(ctx, row.id, options.record, (tx) =>
        repo.markOrdered(
          tx,
          row.id,
          {
            providerReference: state.providerReference,
            providerRewardId: state.rewardId,
            giftCardLink: row.giftCardLink ?? state.link,
          },
          after(ctx, ctx.config.giftCardPollMs),
        ),
      );
      return ordered ?? repo.mustById(ctx.db, row.id);
    }
  }
}

/**
 * Asks the provider where a redemption's order stands (by the order id we recorded, else by our
 * reference) and acts on the answer; an unclear answer is noted (and retried later) and rethrown.
 */
export async function refreshRedemption(
  ctx: AppContext,
  row: repo.RedemptionRow,
  options: OutcomeOptions = {},
): Promise<repo.RedemptionRow> {
  let state: GiftCardOrderState;
  try {
    state = await ctx.giftCards.lookup(
      { reference: row.orderReference, orderId: row.providerReference },
      { withLink: !row.giftCardLink && !row.giftCardCode },
    );
  } catch (err) {
    await noteFailure(ctx, row, err instanceof Error ? err.message : String(err), options);
    throw err;
  }
  return applyOrderState(ctx, row, state, options);
}
