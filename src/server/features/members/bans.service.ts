// Bans (DESIGN 1, admin user management). A ban ends every session of the member in the same
// transaction that sets it: sessions live in the database and every request (and every step sync,
// drizzle/0016) reads them there, so the member's next request on any process gets 401
// sessionInvalid. Sign-in answers 403 with the reason (auth.service). Boards leave banned members
// out (competitions.repo, steps.repo), and a banned would-be winner holds the payout as an
// unreviewed step flag does (settlement.service) until an admin clears or disqualifies them, a
// clearance given before the ban included. Their membership stops renewing (they cannot sign in
// to cancel it).
// Nothing is moved or frozen in the ledger: their money stays theirs.
import { sql } from "drizzle-orm";
import type { BanBody, BanResult } from "../../../core/schemas/admin-member";
import type { AppContext } from "../../context";
import { queryRows, type Tx } from "../../db/client";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import { revokeAllSessions } from "../auth/auth.service";
import { invalidateBoard } from "../competitions/competitions.service";
import { closeReportAbout } from "../safety/safety.service";
import * as subscription from "../subscription/subscription.service";

/** The member, locked for this transaction, so two admins acting at once act one after the other. */
async function lockMember(tx: Tx, id: number) {
  const [row] = await queryRows<{ id: number; is_admin: boolean; banned_at: Date | string | null }>(
    tx,
    sql`select id, is_admin, banned_at from users where id = ${id} and deleted_at is null for update`,
  );
  if (!row) throw notFound("User not found");
  return row;
}

/**
 * Bans a member with a reason: never an admin (403), never yourself (400); a member banned already
 * is a 409 (the first reason stands; unban first to give another).
 */
export async function ban(ctx: AppContext, viewer: Viewer, id: number, body: BanBody): Promise<BanResult> {
  const admin = requireAdmin(viewer);
  if (id === admin.id) throw badRequest("You cannot ban yourself");
  const now = ctx.clock.now();
  const sessionsEnded = await ctx.db.transaction(async (tx) => {
    const target = await lockMember(tx, id);
    if (target.is_admin) throw forbidden("Admin accounts cannot be banned");
    if (target.banned_at) throw conflict("This member is already banned");
    await tx.execute(sql`update users set banned_at = ${now}, banned_reason = ${body.reason},
      banned_by = ${admin.id} where id = ${id}`);
    const ended = await revokeAllSessions(tx, id, now);
    // A clearance given before the ban no longer lets a payout through: the ban holds it again
    // until an admin decides, in every competition not paid yet.
    await tx.execute(sql`update competition_participants p set cleared_at = null
      from competitions c
      where p.user_id = ${id} and p.cleared_at is not null and c.id = p.competition_id
        and c.settled_at is null and c.deleted_at is null`);
    if (body.reportId) {
      await closeReportAbout(tx, { id: body.reportId, reportedId: id, adminId: admin.id, at: now });
    }
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "user.ban",
      targetType: "user",
      targetId: id,
      targetUserId: id,
      reason: body.reason,
      details: { sessionsEnded: ended, ...(body.reportId ? { reportId: body.reportId } : {}) },
      at: now,
    });
    return ended;
  });
  // This process's shared board drops them at once; another process's within its 1 s lifetime.
  invalidateBoard(ctx.db);
  // A banned member cannot sign in to cancel: their membership stops renewing (it ends with the
  // period paid; after an unban they can renew). Outside the transaction: it may call the provider.
  try {
    await subscription.stopRenewing(ctx, id);
  } catch (err) {
    ctx.log.error({ err, userId: id }, "a banned member's membership could not be stopped from renewing");
  }
  ctx.log.warn({ adminId: admin.id, userId: id, sessionsEnded }, "member banned");
  return { message: "Member banned: every session ended", sessionsEnded };
}

/**
 * Lifts a ban: the member may sign in again, shows on boards, and a settlement held only for the
 * ban pays on its next run. A member not banned is a 409. The reason (optional) goes to the log.
 */
export async function unban(ctx: AppContext, viewer: Viewer, id: number, reason?: string) {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const target = await lockMember(tx, id);
    if (!target.banned_at) throw conflict("This member is not banned");
    await tx.execute(sql`update users set banned_at = null, banned_reason = null, banned_by = null
      where id = ${id}`);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "user.unban",
      targetType: "user",
      targetId: id,
      targetUserId: id,
      reason: reason ?? null,
      at: now,
    });
  });
  invalidateBoard(ctx.db);
  ctx.log.warn({ adminId: admin.id, userId: id }, "member unbanned");
  return { message: "Ban lifted: the member can sign in again" };
}
