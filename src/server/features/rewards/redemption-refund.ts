import { formatTime, knownTimeZone } from "../../../core/dates";
import { formatMinor } from "../../../core/money";
import type {
  AdminRedemptionActionResult,
  AdminRedemptionRefundBody,
} from "../../../core/schemas/redemptions";
import type { AppContext } from "../../context";
import { conflict } from "../../errors";
import type { GiftCardOrderState } from "../../gift-cards/provider";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import { answer, beingPlaced, found, providerDown } from "./redemption-admin.service";
import { isOurOrder, notOursMessage } from "./redemption-apply";
import {
  CLAIM_STALE_MS,
  deliver,
  failAndRefund,
  lateOrderWindowEnd,
  type RecordInTx,
} from "./redemption-outcome";
import * as repo from "./redemptions.repo";

/*
 * An admin's refund of a gift card the provider never issued (issue 23). The provider is asked
 * first, holding the redemption's claim so the job and retries leave it alone meanwhile: no order
 * (and none recorded), an order failed or cancelled, or one stopped now refunds once; a card issued
 * is refused with 409 (and recorded as delivered); an order the provider keeps going (recorded as
 * the redemption's), or one we recorded that the provider no longer finds, is refused with 409 and
 * what the admin can do. No order yet while our last request for one may still make it (issue 29:
 * its answer never came) is refused with 409 and when to try again.
 */

const ISSUED = "A card was issued for this redemption: it cannot be refunded";

type Found = "missing" | "not_ours" | "failed" | "stopped";

export async function refundRedemption(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: AdminRedemptionRefundBody,
): Promise<AdminRedemptionActionResult> {
  const admin = requireAdmin(viewer);
  const reason = body?.reason || undefined;
  const now = ctx.clock.now();
  const refused =
    (why: string, message: string): RecordInTx =>
    (tx, after) =>
      recordAdminAction(tx, {
        adminId: admin.id,
        action: "redemption.refund_refused",
        targetType: "redemption",
        targetId: id,
        targetUserId: after.userId,
        reason,
        details: { why, message, status: after.status, providerOrderId: after.providerReference },
        at: now,
      });
  /** The refund's entry, or a refusal when the redemption ended otherwise meanwhile (a card delivered). */
  const refunded =
    (provider: Found): RecordInTx =>
    (tx, after) =>
      after.status !== "failed"
        ? refused("issued", ISSUED)(tx, after)
        : recordAdminAction(tx, {
            adminId: admin.id,
            action: "redemption.refund",
            targetType: "redemption",
            targetId: id,
            targetUserId: after.userId,
            reason,
            details: {
              item: after.name,
              currency: after.currency,
              refunded: after.currency === "FC" ? formatMinor(after.cost) : String(after.cost),
              provider,
            },
            at: now,
          });

  const row = await found(ctx, id);
  if (row.status === "failed") throw conflict("This redemption was already refunded");
  if (row.status === "delivered" || row.status === "fulfilled") {
    await ctx.db.transaction((tx) => refused("issued", ISSUED)(tx, row));
    throw conflict(ISSUED);
  }
  const claimed = await repo.claim(ctx.db, id, now, new Date(now.getTime() - CLAIM_STALE_MS), [
    "pending",
    "ordered",
  ]);
  if (!claimed) {
    if ((await found(ctx, id)).status === "issuing") throw beingPlaced();
    throw conflict("This redemption is no longer pending");
  }
  const held = { claimed: true };
  /** Gives the claim back (the job looks again at once), with the refusal recorded in the same transaction. */
  const putBack = (lastError: string | null, record?: RecordInTx) =>
    ctx.db.transaction(async (tx) => {
      await repo.release(tx, id, lastError, now);
      if (record) await record(tx, await repo.mustById(tx, id));
    });
  const refuse = async (why: string, message: string): Promise<never> => {
    await putBack(message, refused(why, message));
    throw conflict(message);
  };
  const refund = async (provider: Found) => {
    const why = reason
      ? `Refunded by an admin: ${reason}`
      : "Refunded by an admin: the provider never issued the card";
    const after = await failAndRefund(ctx, claimed, why, { ...held, record: refunded(provider) });
    if (after.status !== "failed") throw conflict(ISSUED);
    return answer(ctx, id, "Refunded: the provider had not issued the card");
  };
  const issued = async (card: Extract<GiftCardOrderState, { status: "delivered" }>): Promise<never> => {
    await deliver(ctx, claimed, card, { ...held, record: refused("issued", ISSUED) });
    throw conflict(ISSUED);
  };

  let state: GiftCardOrderState;
  try {
    state = await ctx.giftCards.lookup(
      { reference: claimed.orderReference, orderId: claimed.providerReference },
      { withLink: !claimed.giftCardLink && !claimed.giftCardCode },
    );
  } catch (err) {
    await putBack(claimed.lastError);
    throw providerDown(err);
  }

  if (state.status === "missing") {
    // An order we recorded is not "nothing issued": another API key, environment or a proxy may be answering.
    if (claimed.providerReference) {
      return refuse(
        "unknown_order",
        `The provider does not find order ${claimed.providerReference}, recorded for this redemption (a changed ` +
          "API key or environment, or a proxy, may be answering): nothing was refunded. Check the order in the " +
          "provider's dashboard",
      );
    }
    // Our last order request got no answer: the provider may still make that order for a while.
    const lateUntil = lateOrderWindowEnd(ctx, claimed);
    if (lateUntil && lateUntil.getTime() > now.getTime()) {
      const at = formatTime(lateUntil, { timeZone: admin.timeZone, locale: admin.locale ?? undefined });
      return refuse(
        "order_may_still_come",
        "The gift card provider may still be creating this order (our last request for it got no answer). " +
          `Try the refund again after ${at} (${knownTimeZone(admin.timeZone)}).`,
      );
    }
    return refund("missing");
  }
  if (!isOurOrder(claimed, state)) {
    // Under our reference sits another database's order: ours was never placed, unless we recorded one.
    if (claimed.providerReference) return refuse("not_ours", notOursMessage(claimed, state));
    return refund("not_ours");
  }
  if (state.status === "delivered") return issued(state);
  if (state.status === "failed") return refund("failed");

  let stop: Awaited<ReturnType<AppContext["giftCards"]["stop"]>>;
  try {
    stop = await ctx.giftCards.stop(state, { withLink: !claimed.giftCardLink && !claimed.giftCardCode });
  } catch (err) {
    await putBack(claimed.lastError);
    throw providerDown(err);
  }
  if (stop.outcome === "stopped") return refund("stopped");
  if (stop.outcome === "issued") return issued(stop.card);
  // The redemption follows the order the provider keeps going (found by our reference, maybe late).
  await ctx.db.transaction(async (tx) => {
    await repo.markOrdered(
      tx,
      id,
      {
        providerReference: state.providerReference,
        providerRewardId: state.rewardId,
        giftCardLink: claimed.giftCardLink ?? state.link,
        lastError: stop.reason,
      },
      now,
    );
    await refused("not_stoppable", stop.reason)(tx, await repo.mustById(tx, id));
  });
  throw conflict(stop.reason);
}
