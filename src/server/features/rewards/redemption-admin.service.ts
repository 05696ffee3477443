import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type {
  AdminRedemption,
  AdminRedemptionActionResult,
  AdminRedemptionPage,
  AdminRedemptionQuery,
} from "../../../core/schemas/redemptions";
import type { AppContext } from "../../context";
import { AppError, conflict, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import { CLAIM_STALE_MS, fulfil } from "./redemption.service";
import { applyOrderState, failAndRefund, orderReference, refreshRedemption } from "./redemption-outcome";
import * as repo from "./redemptions.repo";

/*
 * The admins' redemptions queue (issue 23): orders not delivered yet and refunded ones, with a
 * retry (place the order or ask about it now) and a refund of an order the provider never issued.
 */

const view = (r: repo.RedemptionRow, username: string): AdminRedemption => ({
  id: r.id,
  member: { id: r.userId, username },
  item: r.name,
  value: formatMinor(r.valueCents),
  currency: r.currency as AdminRedemption["currency"],
  cost: r.currency === "FC" ? fitcoinsFromMinor(r.cost) : r.cost,
  status: r.status as AdminRedemption["status"],
  createdAt: r.createdAt.toISOString(),
  providerOrderId: r.providerReference,
  attempts: r.attempts,
  lastError: r.lastError,
  failedAt: r.failedAt?.toISOString() ?? null,
});

export async function listRedemptions(
  ctx: AppContext,
  viewer: Viewer,
  q: AdminRedemptionQuery,
): Promise<AdminRedemptionPage> {
  requireAdmin(viewer);
  const rows = await repo.adminPage(ctx.db, q.status, q.limit, q.cursor);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((row) => view(row.redemption, row.username)),
    nextCursor: rows.length > q.limit ? page[page.length - 1].redemption.id : null,
  };
}

async function found(ctx: AppContext, id: number) {
  const row = await repo.byId(ctx.db, id);
  if (!row) throw notFound("Redemption not found");
  return row;
}

const providerDown = (err: unknown) =>
  new AppError(
    502,
    "PROVIDER_UNAVAILABLE",
    `The gift card provider could not be reached: ${err instanceof Error ? err.message : String(err)}`,
  );

const beingPlaced = () => conflict("This order is being placed right now; try again in a few minutes");

async function answer(ctx: AppContext, id: number, message: string): Promise<AdminRedemptionActionResult> {
  const row = (await repo.withMember(ctx.db, id)) as NonNullable<Awaited<ReturnType<typeof repo.withMember>>>;
  return { message, redemption: view(row.redemption, row.username) };
}

const OUTCOME: Record<string, string> = {
  pending: "No order could be placed yet; it is tried again later",
  ordered: "The provider has the order and has not delivered it yet",
  issuing: "The order is being placed",
  delivered: "The card was delivered",
  fulfilled: "The card was delivered",
  failed: "The provider did not issue the card: refunded",
};

/** Places the order of a pending redemption, or asks the provider about it, now. */
export async function retryRedemption(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const row = await found(ctx, id);
  if (!repo.OPEN_STATUSES.includes(row.status as (typeof repo.OPEN_STATUSES)[number])) {
    throw conflict("This redemption is no longer pending");
  }
  const now = ctx.clock.now();
  if (row.status === "issuing" && row.claimedAt && row.claimedAt.getTime() > now.getTime() - CLAIM_STALE_MS) {
    throw beingPlaced();
  }
  let after: repo.RedemptionRow;
  try {
    if (row.status === "ordered") {
      await repo.countCheck(ctx.db, id, new Date(now.getTime() + ctx.config.giftCardPollMs));
      after = await refreshRedemption(ctx, row);
    } else {
      after = await fulfil(ctx, row);
    }
  } catch (err) {
    throw providerDown(err);
  }
  await recordAdminAction(ctx.db, {
    adminId: admin.id,
    action: "redemption.retry",
    targetType: "redemption",
    targetId: id,
    targetUserId: row.userId,
    details: { from: row.status, to: after.status, providerOrderId: after.providerReference },
    at: now,
  });
  return answer(ctx, id, OUTCOME[after.status] ?? after.status);
}

/**
 * Refunds a pending redemption the provider never issued. The provider is asked first, by the
 * order's external id: no order, or one failed or cancelled (cancelled now if it still can be),
 * refunds once; a card issued is refused with 409 (and recorded as delivered).
 */
export async function refundRedemption(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const row = await found(ctx, id);
  if (row.status === "failed") throw conflict("This redemption was already refunded");
  if (row.status === "delivered" || row.status === "fulfilled") {
    throw conflict("A card was issued for this redemption: it cannot be refunded");
  }
  const now = ctx.clock.now();
  // Holding the claim keeps the job and retries from placing the order while it is being cancelled.
  const claimed = await repo.claim(ctx.db, id, now, new Date(now.getTime() - CLAIM_STALE_MS), [
    "pending",
    "ordered",
  ]);
  if (!claimed) {
    const current = await found(ctx, id);
    if (current.status === "issuing") throw beingPlaced();
    throw conflict("This redemption is no longer pending");
  }
  const putBack = () => repo.release(ctx.db, id, claimed.lastError, now);
  let outcome: Awaited<ReturnType<AppContext["giftCards"]["cancel"]>>;
  try {
    outcome = await ctx.giftCards.cancel(orderReference(id));
  } catch (err) {
    await putBack();
    throw providerDown(err);
  }
  if (outcome === "issued") {
    // The provider did issue it: the member gets the card, and nothing is refunded.
    const state = await ctx.giftCards.lookup(orderReference(id), { withLink: true }).catch(() => null);
    if (state?.status === "delivered") await applyOrderState(ctx, claimed, state);
    else await putBack();
    throw conflict("A card was issued for this redemption: it cannot be refunded");
  }
  if (outcome === "not_cancelable") {
    await putBack();
    throw conflict("The provider could not cancel this order; try again later");
  }
  const why = "Refunded by an admin: the provider never issued the card";
  const after = await failAndRefund(ctx, claimed, why, (tx, failed) =>
    recordAdminAction(tx, {
      adminId: admin.id,
      action: "redemption.refund",
      targetType: "redemption",
      targetId: id,
      targetUserId: failed.userId,
      details: {
        item: failed.name,
        currency: failed.currency,
        refunded: failed.currency === "FC" ? formatMinor(failed.cost) : String(failed.cost),
        provider: outcome,
      },
      at: now,
    }),
  );
  if (after.status !== "failed")
    throw conflict("A card was issued for this redemption: it cannot be refunded");
  return answer(ctx, id, "Refunded: the provider had not issued the card");
}
