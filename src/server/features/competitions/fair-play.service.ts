// The admin's side of fair play before payout (DESIGN 1): competitions whose settlement waits on a

// flagged would-be winner, clearing or disqualifying that member, and participants' disputes.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { competitionPagePath } from "../../../core/rules/competition-path";
import type { AppContext } from "../../context";
import { competitionDisputes, competitionParticipants, competitions, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import { notify } from "../notifications/notifications.service";
import * as repo from "./competitions.repo";
import { competitionNotFound } from "./competitions.service";
import { payoutPreview, settleCompetition } from "./settlement.service";

/** Competitions held for review, each with the flagged members who would be paid. */
export async function heldCompetitions(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const held = await ctx.db
    .select({
      id: competitions.id,
      name: competitions.name,
      endDate: competitions.endDate,
      groupId: competitions.groupId,
    })
    .from(competitions)
    .where(
      and(
        eq(competitions.settlement, "held"),
        isNull(competitions.settledAt),
        isNull(competitions.deletedAt),
      ),
    )
    .orderBy(asc(competitions.endDate));
  const out = [];
  for (const c of held) {
    const all = await ctx.db
      .select()
      .from(competitionParticipants)
      .where(eq(competitionParticipants.competitionId, c.id));
    const { held: flagged } = await payoutPreview(ctx.db, c, all);
    const ids = flagged.map((f) => f.userId);
    const names = ids.length
      ? await ctx.db
          .select({
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    out.push({
      competitionId: c.id,
      competitionName: c.name,
      endDate: c.endDate.toISOString(),
      flagged: flagged.map((f) => {
        const u = names.find((n) => n.id === f.userId);
        return {
          userId: f.userId,
          username: u?.username ?? "",
          firstName: u?.firstName ?? "",
          lastName: u?.lastName ?? "",
          steps: f.steps,
          reason: f.reason,
        };
      }),
    });
  }
  return out;
}

/**
 * Decides on a flagged participant of a held competition: cleared (their steps count) or
 * disqualified (their steps count as 0, their fee stays in the pool); then settlement runs.
 */
export async function decide(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  userId: number,
  decision: "clear" | "disqualify",
) {
  const admin = requireAdmin(viewer);
  const row = await repo.findCompetition(ctx.db, id, "any");
  if (!row) throw competitionNotFound();
  if (row.settledAt) throw conflict("This competition is already settled");
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(competitionParticipants)
      .set(decision === "clear" ? { clearedAt: now, disqualifiedAt: null } : { disqualifiedAt: now })
      .where(and(eq(competitionParticipants.competitionId, id), eq(competitionParticipants.userId, userId)))
      .returning({ userId: competitionParticipants.userId });
    if (updated.length === 0) throw notFound("This member is not in the competition");
    if (decision === "clear") {
      await notify(
        tx,
        {
          userId,
          kind: "review_cleared",
          title: `${row.name}: your result is cleared`,
          body: "The review is done and your steps count. The results follow shortly.",
          link: competitionPagePath(row),
          dedupeKey: `review_cleared:competition:${id}:user:${userId}`,
        },
        now,
      );
    }
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: decision === "clear" ? "competition.clear" : "competition.disqualify",
      targetType: "competition",
      targetId: id,
      targetUserId: userId,
      details: { competition: row.name },
      at: now,
    });
  });
  ctx.log.warn({ competitionId: id, userId, decision }, "fair-play decision");
  const outcome = await settleCompetition(ctx, id);
  const done = outcome === "settled" || outcome === "refunded";
  const what = decision === "clear" ? "Member cleared" : "Member disqualified";
  return { message: done ? `${what}: the competition is settled` : `${what}` };
}

/** Disputes waiting for review, oldest first. */
export async function openDisputes(ctx: AppContext, viewer: Viewer) {
  requireAdmin(viewer);
  const rows = await ctx.db
    .select({
      id: competitionDisputes.id,
      competitionId: competitionDisputes.competitionId,
      competitionName: competitions.name,
      userId: competitionDisputes.userId,
      username: users.username,
      reason: competitionDisputes.reason,
      createdAt: competitionDisputes.createdAt,
    })
    .from(competitionDisputes)
    .innerJoin(competitions, eq(competitions.id, competitionDisputes.competitionId))
    .innerJoin(users, eq(users.id, competitionDisputes.userId))
    .where(isNull(competitionDisputes.reviewedAt))
    .orderBy(asc(competitionDisputes.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function reviewDispute(ctx: AppContext, viewer: Viewer, disputeId: number) {
  const admin = requireAdmin(viewer);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(competitionDisputes)
      .set({ reviewedAt: at, reviewedBy: admin.id })
      .where(and(eq(competitionDisputes.id, disputeId), isNull(competitionDisputes.reviewedAt)))
      .returning({
        competitionId: competitionDisputes.competitionId,
        userId: competitionDisputes.userId,
        reason: competitionDisputes.reason,
      });
    if (!done) throw notFound("No open dispute with this id");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "dispute.review",
      targetType: "dispute",
      targetId: disputeId,
      targetUserId: done.userId,
      details: { competitionId: done.competitionId, dispute: done.reason },
      at,
    });
  });
  return { message: "Dispute marked reviewed" };
}
