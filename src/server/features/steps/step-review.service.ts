import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
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
  requireAdmin(viewer);
  if (!(await repo.markReviewed(ctx.db, userId, ctx.clock.now()))) {
    throw notFound("This member has no open step review");
  }
  return { message: "Marked as reviewed" };
}

/** Of these members, those with an unreviewed step flag, with its reason (fair play before payout). */
export async function unreviewedFlags(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await repo.openFlagsOf(db, userIds);
  return new Map(rows.map((r) => [r.userId, r.reason]));
}
