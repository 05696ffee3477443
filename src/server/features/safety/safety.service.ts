import type { BlockBody, BlockedUser, Report, ReportBody } from "../../../core/schemas/safety";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import * as repo from "./safety.repo";

const noSuchMember = () => notFound("No member with that username");

/**
 * The member a body names: by the typed username, or by user id (from a name in a chat or a list,
 * so only a member the viewer shares a competition or group with).
 */
const findMember = (ctx: AppContext, ref: string | number, viewerId: number) =>
  typeof ref === "number" ? repo.sharingMemberById(ctx.db, ref, viewerId) : repo.userByUsername(ctx.db, ref);

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
  const target = await findMember(ctx, body.blockedId, user.id);
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
  const target = await findMember(ctx, body.reportedId, user.id);
  if (!target) throw noSuchMember();
  if (target.id === user.id) throw badRequest("You cannot report yourself");
  const id = await fileReport(ctx, {
    reporterId: user.id,
    reportedId: target.id,
    reason: body.reason,
    description: body.description || null,
  });
  if (id === null) throw conflict("You have already reported this");
  return { message: "Thank you for reporting this user. Our team will review it.", id };
}

/**
 * Puts a report in the admins' queue (the caller has checked who may report whom); about a chat
 * message when `messageId` is given. Null when the reporter reported that message already.
 */
export async function fileReport(
  ctx: AppContext,
  r: {
    reporterId: number;
    reportedId: number;
    reason: string;
    description: string | null;
    messageId?: number;
  },
): Promise<number | null> {
  const id = await repo.insertReport(ctx.db, { ...r, createdAt: ctx.clock.now() });
  if (id !== null) {
    ctx.log.info(
      { reportId: id, reportedId: r.reportedId, reason: r.reason, messageId: r.messageId },
      "member reported",
    );
  }
  return id;
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
    message:
      r.messageId === null || r.messageText === null || r.messageAt === null || r.room === null
        ? null
        : {
            id: r.messageId,
            text: r.messageText,
            createdAt: r.messageAt.toISOString(),
            deleted: r.messageDeletedAt !== null,
            room: roomOf(r.room, r.roomName),
          },
  }));
}

function roomOf(room: string, name: string | null) {
  const [kind, id] = room.split(":");
  return {
    kind: kind === "group" ? ("group" as const) : ("competition" as const),
    id: Number(id),
    name: name ?? "A deleted chat",
  };
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

/**
 * Closes a report answered by an admin's action on its subject (a ban from the Reports queue), in
 * the caller's transaction: 404 when there is no such report, 400 when it is about someone else.
 */
export async function closeReportAbout(
  db: Db,
  report: { id: number; reportedId: number; adminId: number; at: Date },
): Promise<void> {
  const about = await repo.reportedIdOf(db, report.id);
  if (about === undefined) throw notFound("Report not found");
  if (about !== report.reportedId) throw badRequest("That report is about another member");
  await repo.markReviewed(db, report.id, report.adminId, report.at);
}
