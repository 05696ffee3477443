import { randomUUID } from "node:crypto";
import { formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { giftCardEmail } from "../../email/reward-templates";
import { AppError, conflict } from "../../errors";
import { GiftCardRejectedError } from "../../gift-cards/provider";
import { type SystemAccount, systemAccount, userAccount } from "../../ledger/accounts";
import { insufficientFunds, transfer } from "../../ledger/transfer";
import * as repo from "./redemptions.repo";

/*
 * One redemption machinery for both catalogues (DESIGN 1, gift cards). The currency leaves the
 * member through the ledger and the redemption is recorded in one transaction; then one process
 * claims the order (pending → issuing) and the GiftCardProvider issues the code, which is stored,
 * shown and emailed. A provider's refusal refunds; an unclear failure (a timeout: the card may
 * exist) leaves the order pending, and the fulfilment job retries it with the same reference.
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
export type RedemptionItem = { cost: number; brand: string; name: string; valueCents: number };

const SINKS: Record<Currency, SystemAccount> = { PTS: "pointsRedemptions", FC: "fitcoinRedemptions" };
const NOT_ENOUGH: Record<Currency, string> = {
  PTS: "Not enough points for this gift card",
  FC: "Not enough FitCoins for this gift card",
};
/** An order claimed this long ago by a process that never finished it is claimed again. */
const CLAIM_STALE_MS = 5 * 60_000;
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
  const row =
    created ?? sameRequest((await repo.byRequestKey(ctx.db, requestKey)) as repo.RedemptionRow, req);
  return answer(await fulfil(ctx, row));
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

/** Issues the code of an order no other process is issuing; answers the order as it now stands. */
async function fulfil(ctx: AppContext, row: repo.RedemptionRow): Promise<repo.RedemptionRow> {
  if (row.status !== "pending" && row.status !== "issuing") return row;
  const now = ctx.clock.now();
  const claimed = await repo.claim(ctx.db, row.id, now, new Date(now.getTime() - CLAIM_STALE_MS));
  if (!claimed) return repo.byId(ctx.db, row.id);
  let issued: Awaited<ReturnType<AppContext["giftCards"]["issue"]>>;
  try {
    issued = await ctx.giftCards.issue({
      reference: `redemption-${row.id}`,
      brand: row.brand,
      valueCents: row.valueCents,
      recipientEmail: row.deliveryEmail,
    });
  } catch (err) {
    if (err instanceof GiftCardRejectedError) {
      ctx.log.warn({ err, redemptionId: row.id }, "gift card order refused: refunded");
      await refund(ctx, row);
    } else {
      ctx.log.error({ err, redemptionId: row.id }, "gift card provider failed: the order stays pending");
      await repo.release(ctx.db, row.id);
    }
    return repo.byId(ctx.db, row.id);
  }
  const done = await repo.markIssued(ctx.db, row.id, {
    // The specification's words: a points card is delivered, a FitCoin card fulfilled.
    status: row.currency === "FC" ? "fulfilled" : "delivered",
    giftCardCode: issued.code,
    providerReference: issued.providerReference,
  });
  if (!done) return repo.byId(ctx.db, row.id);
  await ctx.mailer.send(
    done.deliveryEmail,
    giftCardEmail({
      brand: done.brand,
      value: formatMinor(done.valueCents),
      code: issued.code,
      link: `${ctx.config.appUrl}${done.currency === "PTS" ? "/points" : "/redeem"}`,
    }),
  );
  return done;
}

async function refund(ctx: AppContext, row: repo.RedemptionRow) {
  const currency = row.currency as Currency;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.markFailed(tx, row.id))) return;
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
  });
}

/**
 * The fulfilment job: finishes the orders their request left unfinished (a provider timeout, a
 * process that stopped between the payment and the code), retrying each with its reference.
 */
export async function finishPendingRedemptions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const rows = await repo.unfinished(ctx.db, new Date(now - JOB_DELAY_MS), new Date(now - CLAIM_STALE_MS));
  let delivered = 0;
  for (const row of rows) {
    const after = await fulfil(ctx, row);
    if (after.giftCardCode) delivered++;
  }
  return delivered;
}
