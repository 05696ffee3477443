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
import { fulfil } from "./redemption.service";
import { refreshRedemption } from "./redemption-apply";
import { CLAIM_STALE_MS, type RecordInTx } from "./redemption-outcome";
import * as repo from "./redemptions.repo";

/*
 * The admins' redemptions queue (issue 23): orders not delivered yet and refunded ones, with a
 * retry (place the order or ask about it now); the refund of an order the provider never issued is
 * in redemption-refund.ts.
 */

export const view = (r: repo.RedemptionRow, username: string): AdminRedemption => ({
  id: r.id,
  member: { id: r.userId, username },
  item: r.name,
  value: formatMinor(r.valueCents),
  currency: r.currency as AdminRedemption["currency"],
  cost: r.currency === "FC" ? fitcoinsFromMinor(r.cost) : r.cost,
  status: r.status as AdminRedemption["status"],
  createdAt: r.createdAt.toISOString(),
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
  providerOrderId: r.providerReference,
  orderReference: r.orderReference,
  attempts: r.attempts,
  lastError: r.lastError,
  failedAt: r.failedAt?.toISOString() ?? null,
  lateCardAt: r.lateCardAt?.toISOString() ?? null,
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

export async function found(ctx: AppContext, id: number) {
  const row = await repo.byId(ctx.db, id);
  if (!row) throw notFound("Redemption not found");
  return row;
}

export const providerDown = (err: unknown) =>
  new AppError(
    502,
    "PROVIDER_UNAVAILABLE",
    `The gift card provider could not be reached: ${err instanceof Error ? err.message : String(err)}`,
  );

export const beingPlaced = () => conflict("This order is being placed right now; try again in a few minutes");

/** The action's answer: a sentence, and the redemption as it stands now. */
export async function answer(
  ctx: AppContext,
  id: number,
  message: string,
): Promise<AdminRedemptionActionResult> {
  const row = await repo.withMember(ctx.db, id);
  if (!row) throw notFound("Redemption not found");
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

/**
 * Places the order of a pending redemption, or asks the provider about it, now. The audit entry is
 * written in the transaction of what the retry came to, also when it failed.
 */
export async function retryRedemption(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const row = await found(ctx, id);
  if (!repo.isOpenStatus(row.status)) throw conflict("This redemption is no longer pending");
  const now = ctx.clock.now();
  if (row.status === "issuing" && row.claimedAt && row.claimedAt.getTime() > now.getTime() - CLAIM_STALE_MS) {
    throw beingPlaced();
  }
  let recorded = false;
  const record: RecordInTx = async (tx, after) => {
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "redemption.retry",
      targetType: "redemption",
      targetId: id,
      targetUserId: row.userId,
      details: {
        from: row.status,
        to: after.status,
        providerOrderId: after.providerReference,
        // Still open: why (the provider unreachable, an order that is not ours ...).
        ...(repo.isOpenStatus(after.status) && after.lastError ? { error: after.lastError } : {}),
      },
      at: now,
    });
    recorded = true;
  };
  let after: repo.RedemptionRow;
  try {
    if (row.status === "ordered") {
      await repo.countCheck(ctx.db, id, new Date(now.getTime() + ctx.config.giftCardPollMs));
      after = await refreshRedemption(ctx, row, { record });
    } else {
      after = await fulfil(ctx, row, { record });
    }
  } catch (err) {
    // Unclear failures were recorded with their note; anything else is recorded here.
    if (!recorded) await ctx.db.transaction(async (tx) => record(tx, await repo.mustById(tx, id)));
    throw providerDown(err);
  }
  if (!recorded) await ctx.db.transaction(async (tx) => record(tx, after));
  return answer(ctx, id, OUTCOME[after.status] ?? after.status);
}
