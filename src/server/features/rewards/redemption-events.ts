import type { AppContext } from "../../context";
import { checkRefundedOrder, refreshRedemption } from "./redemption-apply";
import * as repo from "./redemptions.repo";

/**
 * Applies one verified provider event (a Tremendous webhook). The event names only a reward or an
 * order: the provider is asked which order it is (its external id names our redemption) and where
 * that order stands, and the answer decides. A replayed, late or unknown event therefore changes
 * nothing it should not; an order under our reference that is not ours is left for an admin, and
 * a card delivered for a redemption refunded meanwhile is kept and shown to them.
 */
export async function applyGiftCardEvent(
  ctx: AppContext,
  resource: { type: string; id: string },
): Promise<void> {
  const webhooks = ctx.giftCards.webhooks;
  if (!webhooks) return;
  const reference = await webhooks.referenceOf(resource);
  if (!reference) return;
  const row = await repo.byOrderReference(ctx.db, reference);
  if (!row) return;
  // Refunded already: a card delivered after all is reported to the admins, not dropped (issue 29).
  if (row.status === "failed") await checkRefundedOrder(ctx, row);
  else if (repo.isOpenStatus(row.status)) await refreshRedemption(ctx, row);
}
