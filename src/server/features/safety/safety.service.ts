import type { BlockBody, BlockedUser, Report, ReportBody } from "../../../core/schemas/safety";
import type { AppContext } from "../../context";
import { badRequest, conflict, notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./safety.repo";

const noSuchMember = () => notFound("No member with that username");

export async function blocked(ctx: AppContext, viewer: Viewer): Promise<BlockedUser[]> {
  const user = requireUser(viewer);
  const rows = await repo.blocksOf(ctx.db, user.id);
  return rows.map((r) => ({
    id: r.id,
    blockedId: r.blockedId,
    blockedUser: { username: r.username, firstName: r.firstName, lastName: r.lastName },
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function block(ctx: AppContext, viewer: Viewer, body: BlockBody): Promise<BlockedUser> {
  const user = requireUser(viewer);
  const target = await repo.userByUsername(ctx.db, body.blockedId);
  if (!target) throw noSuchMember();
  if (target.id === user.id) throw badRequest("You cannot block yourself");
  const id = await repo.insertBlock(ctx.db, {
    blockerId: user.id,
    blockedId: target.id,
    reason: body.reason || null,
    createdAt: ctx.clock.now(),
  });
  if (id === null) throw conflict("You have already blocked this member");
  const [created] = (await blocked(ctx, viewer)).filter((b) => b.id === id);
  return created;
}

export async function unblock(ctx: AppContext, viewer: Viewer, blockedId: number) {
  const user = requireUser(viewer);
  if (!(await repo.deleteBlock(ctx.db, user.id, blockedId)))
    throw notFound("You have not blocked this member");
  return { message: "This user has been unblocked." };
}

/** Members whose chat messages the viewer does not see, and who do not see the viewer's. */
export function blockedEitherWay(ctx: AppContext, userId: number): Promise<number[]> {
  return repo.blockedEitherWay(ctx.db, userId);
}

export async function report(ctx: AppContext, viewer: Viewer, body: ReportBody) {
  const user = requireUser(viewer);
  const target = await repo.userByUsername(ctx.db, body.reportedId);
  if (!target) throw noSuchMember();
  if (target.id === user.id) throw badRequest("You cannot report yourself");
  const id = await repo.insertReport(ctx.db, {
    reporterId: user.id,
    reportedId: target.id,
    reason: body.reason,
    description: body.description || null,
    createdAt: ctx.clock.now(),
  });
  ctx.log.info({ reportId: id, reportedId: target.id, reason: body.reason }, "member reported");
  return { message: "Thank you for reporting this user. Our team will review it.", id };
}

export async function openReports(ctx: AppContext, viewer: Viewer): Promise<Report[]> {
  requireAdmin(viewer);
  const rows = await repo.openReports(ctx.db);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    reporter: { id: r.reporterId, username: r.reporterUsername },
    reported: {
      id: r.reportedId,
      username: r.reportedUsername,
      firstName: r.reportedFirstName,
      lastName: r.reportedLastName,
    },
    reportsAboutMember: r.aboutMember,
  }));
}

export async function review(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const report = await repo.markReviewed(tx, id, admin.id, at);
    if (report === "missing") throw notFound("Report not found");
    if (report === "already") return;
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "report.review",
      targetType: "report",
      targetId: id,
      targetUserId: report.reportedId,
      details: { reporterId: report.reporterId, report: report.reason },
      at,
    });
  });
  return { message: "Report marked as reviewed" };
}
