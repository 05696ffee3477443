import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, conflict } from "../../errors";
import { GiftCardNoAnswerError, GiftCardRejectedError } from "../../gift-cards/provider";
import { stopIfShuttingDown } from "../../jobs/stopping";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { insufficientFunds, transfer } from "../../ledger/transfer";
import { applyOrderState, refreshRedemption } from "./redemption-apply";
import {
  CLAIM_STALE_MS,
  failAndRefund,
  lateOrderWindowEnd,
  noteFailure,
  type RecordInTx,
  SINKS,
} from "./redemption-outcome";
import * as repo from "./redemptions.repo";

/*
 * One redemption machinery for both catalogues (DESIGN 1, gift cards). The currency leaves the
 * member through the ledger and the redemption is recorded in one transaction; then one process
 * claims it (pending → issuing) and the GiftCardProvider places its one order (under the row's
 * own random `orderReference`). Delivered at once (the sandbox) or later (Tremendous: ordered until the
 * webhook or the poll says so; redemption-outcome.ts), the card is stored, shown and emailed. A
 * refusal refunds; an unclear failure (a timeout: the card may exist) puts the redemption back,
 * and the fulfilment job tries again, first asking the provider for an order under the reference.
 */

type Currency = "PTS" | "FC";

export type RedemptionRequest = {
  userId: number;
  currency: Currency;
  deliveryEmail: string;
  giftCardId?: number;
  offerId?: number;
  /** The client's Idempotency-Key: a retry with it answers the redemption already made. */
  idempotencyKey?: string;
};

/** What is bought, read inside the spending transaction (a price edited meanwhile cannot slip in). */
export type RedemptionItem = {
  cost: number;
  brand: string;
  name: string;
  valueCents: number;
  /** The provider's product for this card (null: the configured campaign's). */
  providerProductId: string | null;
};

const NOT_ENOUGH: Record<Currency, string> = {
  PTS: "Not enough points for this gift card",
  FC: "Not enough FitCoins for this gift card",
};
/** Pending orders older than this are the fulfilment job's (younger ones are their request's). */
const JOB_DELAY_MS = 60_000;

export const providerRefused = () =>
  new AppError(
    502,
    "PROVIDER_UNAVAILABLE",
    "The gift card could not be issued. Nothing was spent; please try again later.",
  );

export async function redeem(
  ctx: AppContext,
  req: RedemptionRequest,
  resolve: (tx: Tx) => Promise<RedemptionItem>,
): Promise<repo.RedemptionRow> {
  const requestKey = `redeem:${req.currency}:${req.userId}:${req.idempotencyKey ?? randomUUID()}`;
  const seen = await repo.byRequestKey(ctx.db, requestKey);
  if (seen) return answer(await fulfil(ctx, sameRequest(seen, req)));
  const created = await ctx.db.transaction(async (tx) => {
    const item = await resolve(tx);
    const row = await repo.insert(tx, {
      ...item,
      userId: req.userId,
      currency: req.currency,
      giftCardId: req.giftCardId ?? null,
      offerId: req.offerId ?? null,
      deliveryEmail: req.deliveryEmail,
      requestKey,
      createdAt: ctx.clock.now(),
      // Its own request places the order; the job only if that request has not within a minute.
      nextCheckAt: new Date(ctx.clock.now().getTime() + JOB_DELAY_MS),
    });
    // The same key in flight in another request: that request spends; this one answers its result.
    if (!row) return null;
    try {
      const moved = await transfer(tx, {
        from: await userAccount(tx, req.userId, req.currency),
        to: await systemAccount(tx, SINKS[req.currency]),
        amount: item.cost,
        currency: req.currency,
        kind: "redemption",
        description: item.name,
        userId: req.userId,
        idempotencyKey: requestKey,
      });
      await repo.setTransfer(tx, row.id, moved.id);
    } catch (err) {
      if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS")
        throw insufficientFunds(NOT_ENOUGH[req.currency]);
      throw err;
    }
    return row;
  });
  if (created) return answer(await fulfil(ctx, created));
  // The request with the same key that created it has committed it (this insert waited on it).
  const theirs = await repo.byRequestKey(ctx.db, requestKey);
  if (!theirs) throw new Error(`redemption ${requestKey} not found after its insert`);
  return answer(await fulfil(ctx, sameRequest(theirs, req)));
}

/** A key reused for another gift card is a client bug, refused rather than taken as done. */
function sameRequest(row: repo.RedemptionRow, req: RedemptionRequest): repo.RedemptionRow {
  if (row.giftCardId !== (req.giftCardId ?? null) || row.offerId !== (req.offerId ?? null)) {
    throw conflict("This request was already made with different details");
  }
  return row;
}

/** A refused order answers as it did the first time, retried or not. */
function answer(row: repo.RedemptionRow): repo.RedemptionRow {
  if (row.status === "failed") throw providerRefused();
  return row;
}

/**
 * Places the order of a redemption no other process is placing, and acts on the provider's answer;
 * answers the redemption as it now stands. A retry first asks the provider for the order under its
 * reference (the previous attempt may have placed it before its answer was lost). `record` (an
 * admin's retry) is written in the transaction of whatever this comes to.
 */
export async function fulfil(
  ctx: AppContext,
  row: repo.RedemptionRow,
  options: { record?: RecordInTx } = {},
): Promise<repo.RedemptionRow> {
  if (row.status !== "pending" && row.status !== "issuing") return row;
  const now = ctx.clock.now();
  const claimed = await repo.claim(ctx.db, row.id, now, new Date(now.getTime() - CLAIM_STALE_MS));
  if (!claimed) return repo.mustById(ctx.db, row.id);
  const held = { ...options, claimed: true };
  let requested = false;
  try {
    if (claimed.attempts > 1) {
      const found = await ctx.giftCards.lookup(
        { reference: claimed.orderReference, orderId: claimed.providerReference },
        { withLink: !claimed.giftCardLink && !claimed.giftCardCode },
      );
      if (found.status !== "missing") return await applyOrderState(ctx, claimed, found, held);
    }
    // Before it goes out: a process that stops during the request leaves its time behind too.
    await repo.setOrderRequestedAt(ctx.db, claimed.id, ctx.clock.now());
    requested = true;
    const placed = await ctx.giftCards.issue({
      reference: claimed.orderReference,
      brand: row.brand,
      valueCents: row.valueCents,
      recipientName: await repo.recipientName(ctx.db, row.userId),
      recipientEmail: row.deliveryEmail,
      productId: row.providerProductId,
    });
    return await applyOrderState(ctx, claimed, placed, held);
  } catch (err) {
    if (err instanceof GiftCardRejectedError) {
      // This answer makes no order, but an earlier request that got none may still make one: the
      // refund waits until that window has passed (a retry then asks the provider again first).
      if (requested) await repo.setOrderRequestedAt(ctx.db, claimed.id, claimed.orderRequestedAt);
      const lateUntil = lateOrderWindowEnd(ctx, claimed);
      if (lateUntil && lateUntil.getTime() > ctx.clock.now().getTime()) {
        const wait = `${err.message} (an earlier order request may still be made: not refunded before ${lateUntil.toISOString()})`;
        return noteFailure(ctx, claimed, wait, held);
      }
      return failAndRefund(ctx, claimed, err.message, held);
    }
    // Answered (with an error): this request makes no order later, an earlier unanswered one still may.
    if (requested && !(err instanceof GiftCardNoAnswerError))
      await repo.setOrderRequestedAt(ctx.db, claimed.id, claimed.orderRequestedAt);
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, redemptionId: row.id }, "gift card provider failed: the order is tried again later");
    // The claim may be gone already (a delivery-failed stop notes its own failure): then this changes nothing.
    return noteFailure(ctx, claimed, message, held);
  }
}

/**
 * The fulfilment job (every tick; each redemption when its turn comes): places the orders their
 * request left unplaced (a provider timeout, a process that stopped between the payment and the
 * order), and asks the provider about orders it has not delivered yet, every GIFT_CARD_POLL_MS,
 * for when the webhook never came. One redemption that fails never stops the others.
 */
export async function finishPendingRedemptions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const rows = await repo.due(ctx.db, now, new Date(now.getTime() - CLAIM_STALE_MS));
  let delivered = 0;
  for (const row of rows) {
    stopIfShuttingDown(ctx);
    try {
      const after = row.status === "ordered" ? await checkOrder(ctx, row, now) : await fulfil(ctx, row);
      if (after?.deliveredAt && !row.deliveredAt) delivered++;
    } catch (err) {
      ctx.log.error({ err, redemptionId: row.id }, "gift card fulfilment failed for one redemption");
    }
  }
  return delivered;
}

/** One process's turn to ask about an order the provider has (an unclear answer is noted and waits longer). */
async function checkOrder(ctx: AppContext, row: repo.RedemptionRow, now: Date) {
  const claimed = await repo.claimCheck(
    ctx.db,
    row.id,
    now,
    new Date(now.getTime() + ctx.config.giftCardPollMs),
  );
  if (!claimed) return null;
  return refreshRedemption(ctx, claimed);
}
