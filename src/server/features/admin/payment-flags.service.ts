import { formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./payment-flags.repo";

/** Card refunds and disputes the ledger took back (or could not, for FitCoins and memberships). */
export async function paymentFlags(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const rows = await repo.openPaymentFlags(ctx.db);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    provider: r.provider,
    paymentId: r.providerPaymentId,
    purpose: r.purpose,
    reason: r.reason,
    reference: r.reference,
    amount: formatMinor(r.amountCents),
    shortfall: formatMinor(r.shortfallCents),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function markPaymentFlagReviewed(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const flag = await repo.markPaymentFlagReviewed(tx, id, at);
    if (!flag) throw notFound("No open payment review with this id");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "payment_flag.review",
      targetType: "payment_flag",
      targetId: id,
      targetUserId: flag.userId,
      details: {
        purpose: flag.purpose,
        reason: flag.reason,
        usd: formatMinor(flag.amountCents),
        shortfallUsd: formatMinor(flag.shortfallCents),
      },
      at,
    });
  });
  return { message: "Marked as reviewed" };
}
