import type { AppContext } from "../../context";
import type { GiftCardOrderState, PendingGiftCardOrder } from "../../gift-cards/provider";
import {
  after,
  CLAIM_STALE_MS,
  change,
  deliver,
  failAndRefund,
  keepLateCard,
  noteFailure,
  type OutcomeOptions,
} from "./redemption-outcome";
import * as repo from "./redemptions.repo";

/*
 * What the provider says about a redemption's order, applied (redemption-outcome.ts books and tells
 * the ends): an order that is not ours is left for an admin, a failed delivery is stopped as its own
 * step, a waiting order is asked about again later.
 */

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
    // Noted (and the claim given back) here, not rethrown: the caller would note it a second time.
    ctx.log.error({ err, redemptionId: row.id }, "gift card delivery could not be cancelled now");
    return noteFailure(ctx, held, err instanceof Error ? err.message : String(err), claimedOptions);
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

/**
 * News of a refunded redemption's order (a webhook): the provider may have made the order after the
 * refund looked for it and delivered it since. A card of ours delivered is kept for the admins
 * (keepLateCard), once; anything else changes nothing.
 */
export async function checkRefundedOrder(
  ctx: AppContext,
  row: repo.RedemptionRow,
): Promise<repo.RedemptionRow> {
  if (row.status !== "failed" || row.lateCardAt) return row;
  const state = await ctx.giftCards.lookup(
    { reference: row.orderReference, orderId: row.providerReference },
    { withLink: !row.giftCardLink },
  );
  if (state.status !== "delivered" || !isOurOrder(row, state)) return row;
  return keepLateCard(ctx, row, state);
}
