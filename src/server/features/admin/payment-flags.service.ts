import { formatMinor } from "../../../core/money";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
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
  requireAdmin(viewer);
  if (!(await repo.markPaymentFlagReviewed(ctx.db, id, ctx.clock.now()))) {
    throw notFound("No open payment review with this id");
  }
  return { message: "Marked as reviewed" };
}
