import { isSandboxGiftCard } from "../../../core/constants";
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import { formatCount } from "../../../core/numbers";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { giftCardEmail, giftCardRefundedEmail } from "../../email/reward-templates";
import type { DeliveredGiftCard } from "../../gift-cards/provider";
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

export const after = (ctx: AppContext, ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** One change of a redemption, with the admin's record (if any) in the same transaction. */
export async function change(
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
    if (updated) {
      await bookCardCost(tx, updated);
      await notify(tx, giftCardDelivered(noticeOf(updated)), ctx.clock.now());
    }
    return updated;
  });
  if (!done) {
    const now = await repo.mustById(ctx.db, row.id);
    return now.status === "failed" ? keepLateCard(ctx, now, card) : now;
  }
  await ctx.mailer.send(
    done.deliveryEmail,
    giftCardEmail({
      brand: done.brand,
      value: formatMinor(done.valueCents),
      code: done.giftCardCode,
      cardLink: done.giftCardLink,
      link: pageOf(ctx, done),
      sandbox: isSandboxGiftCard(done.providerReference),
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
  const returned =
    currency === "FC" ? `${fitcoinsFromMinor(row.cost)} FitCoins` : `${formatCount(row.cost)} points`;
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
    await notify(tx, giftCardRefunded({ ...noticeOf(failed), refunded: returned }), ctx.clock.now());
    return failed;
  });
  if (!done) return repo.mustById(ctx.db, row.id);
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

/**
 * A card delivered for a redemption refunded meanwhile (its order made after the refund looked,
 * issue 29): nobody was sent it and the member has what they spent back. Not dropped: its link and
 * order are kept with the redemption and the admin queue says what happened, once, for an admin to
 * settle it (cancel the reward at the provider, or give the member the card).
 */
export async function keepLateCard(
  ctx: AppContext,
  row: repo.RedemptionRow,
  card: DeliveredGiftCard,
): Promise<repo.RedemptionRow> {
  const note =
    `The provider delivered a card for this redemption after it was refunded (order ${card.providerReference}): ` +
    "nobody was sent it and the member kept the refund. Its link is kept with the redemption: cancel the " +
    "reward in the provider's dashboard, or give the member the card and take the refund back";
  const kept = await repo.keepLateCard(
    ctx.db,
    row.id,
    {
      giftCardLink: card.link ?? row.giftCardLink,
      providerReference: card.providerReference,
      providerRewardId: card.rewardId ?? row.providerRewardId,
    },
    note,
    ctx.clock.now(),
  );
  if (!kept) return repo.mustById(ctx.db, row.id);
  ctx.log.error(
    { redemptionId: row.id, order: card.providerReference },
    "gift card delivered after its redemption was refunded: kept for the admins",
  );
  return kept;
}

/**
 * Until when an order may still appear at the provider: its late window after our last request to
 * place it (rounded up to the minute the admin is told); null when no request went out or the
 * provider answers every request before making its order.
 */
export function lateOrderWindowEnd(ctx: AppContext, row: repo.RedemptionRow): Date | null {
  const lateMs = ctx.giftCards.lateOrderMs ?? 0;
  if (!row.orderRequestedAt || lateMs <= 0) return null;
  return new Date(Math.ceil((row.orderRequestedAt.getTime() + lateMs) / 60_000) * 60_000);
}
