import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { giftCardEmail, giftCardRefundedEmail } from "../../email/reward-templates";
import type { GiftCardOrderState } from "../../gift-cards/provider";
import { type SystemAccount, systemAccount, userAccount } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import { giftCardDelivered, giftCardRefunded, notify } from "../notifications/notifications.service";
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

/** The reference of a redemption's order at the provider (its external id): stable across retries. */
export const orderReference = (id: number) => `redemption-${id}`;

/** The redemption an order reference names, or null for an order that is not one of ours. */
export function redemptionIdOf(reference: string): number | null {
  const match = /^redemption-(\d{1,10})$/.exec(reference);
  return match ? Number(match[1]) : null;
}

/** The delay before an order that failed unclearly is tried again: growing, at most an hour. */
export function retryDelayMs(pollMs: number, attempts: number): number {
  return Math.min(pollMs * 2 ** Math.max(0, attempts - 1), 3600_000);
}

const pathOf = (row: repo.RedemptionRow) =>
  row.currency === "PTS" ? ("/points" as const) : ("/redeem" as const);
const pageOf = (ctx: AppContext, row: repo.RedemptionRow) => `${ctx.config.appUrl}${pathOf(row)}`;

/** What the member's notification names: the card and where their redemptions are listed. */
const noticeOf = (row: repo.RedemptionRow) => ({
  userId: row.userId,
  redemptionId: row.id,
  brand: row.brand,
  value: formatMinor(row.valueCents),
  link: pathOf(row),
});

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

/** The card is the member's: recorded and booked once, then shown and emailed. */
export async function deliver(
  ctx: AppContext,
  row: repo.RedemptionRow,
  card: Extract<GiftCardOrderState, { status: "delivered" }>,
): Promise<repo.RedemptionRow> {
  const done = await ctx.db.transaction(async (tx) => {
    const updated = await repo.markDelivered(tx, row.id, {
      // The specification's words: a points card is delivered, a FitCoin card fulfilled.
      status: row.currency === "FC" ? "fulfilled" : "delivered",
      giftCardCode: card.code ?? row.giftCardCode,
      giftCardLink: card.link ?? row.giftCardLink,
      providerReference: card.providerReference,
      providerRewardId: card.rewardId ?? row.providerRewardId,
      deliveredAt: ctx.clock.now(),
    });
    if (updated) {
      await bookCardCost(tx, updated);
      await notify(tx, giftCardDelivered(noticeOf(updated)), ctx.clock.now());
    }
    return updated;
  });
  if (!done) return (await repo.byId(ctx.db, row.id)) as repo.RedemptionRow;
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
 * `alsoInTx` records an admin's refund in the same transaction.
 */
export async function failAndRefund(
  ctx: AppContext,
  row: repo.RedemptionRow,
  reason: string,
  alsoInTx?: (tx: Tx, failed: repo.RedemptionRow) => Promise<void>,
): Promise<repo.RedemptionRow> {
  const currency = row.currency as Currency;
  const returned =
    currency === "FC"
      ? `${fitcoinsFromMinor(row.cost)} FitCoins`
      : `${row.cost.toLocaleString("en-US")} points`;
  const done = await ctx.db.transaction(async (tx) => {
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
    await alsoInTx?.(tx, failed);
    await notify(tx, giftCardRefunded({ ...noticeOf(failed), refunded: returned }), ctx.clock.now());
    return failed;
  });
  if (!done) return (await repo.byId(ctx.db, row.id)) as repo.RedemptionRow;
  ctx.log.warn({ redemptionId: row.id, reason }, "gift card not issued: refunded");
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

/** Acts on what the provider says about a redemption's order. */
export async function applyOrderState(
  ctx: AppContext,
  row: repo.RedemptionRow,
  state: GiftCardOrderState,
): Promise<repo.RedemptionRow> {
  switch (state.status) {
    case "delivered":
      return deliver(ctx, row, state);
    case "failed":
      return failAndRefund(ctx, row, state.reason);
    case "pending": {
      const next = new Date(ctx.clock.now().getTime() + ctx.config.giftCardPollMs);
      const ordered = await repo.markOrdered(
        ctx.db,
        row.id,
        {
          providerReference: state.providerReference,
          providerRewardId: state.rewardId,
          giftCardLink: state.link ?? row.giftCardLink,
        },
        next,
      );
      return ordered ?? ((await repo.byId(ctx.db, row.id)) as repo.RedemptionRow);
    }
    case "missing":
      return row;
  }
}

/** Asks the provider where a redemption's order stands and acts on the answer. */
export async function refreshRedemption(ctx: AppContext, row: repo.RedemptionRow) {
  const state = await ctx.giftCards.lookup(orderReference(row.id), {
    withLink: !row.giftCardLink && !row.giftCardCode,
  });
  return applyOrderState(ctx, row, state);
}
