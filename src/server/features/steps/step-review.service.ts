import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./step-review.repo";

/** Accounts flagged after repeated implausible step syncs, waiting for an admin's review. */
export async function flaggedAccounts(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const rows = await repo.openFlags(ctx.db);
  return rows.map((r) => ({
    userId: r.userId,
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    flaggedAt: r.flaggedAt.toISOString(),
    reason: r.reason,
    refusals: r.refusals,
    lastRefusal:
      r.lastRefusedSteps === null || r.lastAllowedSteps === null
        ? null
        : { steps: r.lastRefusedSteps, allowedSteps: r.lastAllowedSteps },
  }));
}

/** Closes a member's open flag; three more refusals within 24 hours open it again. */
export async function markReviewed(ctx: AppContext, viewer: Viewer, userId: number) {
  const admin = requireAdmin(viewer);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const flag = await repo.markReviewed(tx, userId, at);
    if (!flag) throw notFound("This member has no open step review");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "step_flag.review",
      // A member has one step flag, keyed by the member.
      targetType: "step_flag",
      targetId: userId,
      targetUserId: userId,
      details: { flag: flag.reason, flaggedAt: flag.flaggedAt.toISOString() },
      at,
    });
  });
  return { message: "Marked as reviewed" };
}

/** Of these members, those with an unreviewed step flag, with its reason (fair play before payout). */
export async function unreviewedFlags(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await repo.openFlagsOf(db, userIds);
  return new Map(rows.map((r) => [r.userId, r.reason]));
}
