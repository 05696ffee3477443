// Bans (DESIGN 1, admin user management). A ban ends every session of the member in the same
// transaction that sets it: sessions live in the database and every request (and every step sync,
// drizzle/0016) reads them there, so the member's next request on any process gets 401
// ACCOUNT_SUSPENDED, which the app shows as the suspended page (http/viewer.ts). Sign-in answers
// 403 with the reason (auth.service). Boards leave banned members out (competitions.repo,
// steps.repo), and a banned would-be winner holds the payout as an unreviewed step flag does
// (settlement.service) until an admin clears or disqualifies them, a clearance given before the ban
// included. A running membership stops renewing (they cannot sign in to manage it), marked as the
// ban's doing, and lifting the ban turns renewal back on while that period runs (issue 32). The
// member hears of both by email, with the reason and the support address.
// Nothing is moved or frozen in the ledger: their money stays theirs.
import { sql } from "drizzle-orm";
import { formatInZone } from "../../../core/dates";
import type { BanBody, BanResult } from "../../../core/schemas/admin-member";
import type { AppContext } from "../../context";
import { type Db, queryRows, type Tx } from "../../db/client";
import {
  accountRestoredEmail,
  accountSuspendedEmail,
  type RestoredMembership,
  type SuspendedMembership,
} from "../../email/ban-templates";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
import { revokeAllSessions } from "../auth/auth.service";
import { invalidateBoard } from "../competitions/competitions.service";
import { closeReportAbout } from "../safety/safety.service";
import type { BanStop, BanUndo } from "../subscription/subscription.service";
import * as subscription from "../subscription/subscription.service";

type MemberRow = {
  id: number;
  is_admin: boolean;
  banned_at: Date | string | null;
  email: string;
  first_name: string;
  time_zone: string;
  locale: string | null;
};

const memberColumns = sql`id, is_admin, banned_at, email, first_name, time_zone, locale`;

/** The member as they are now (a live account), to refuse what cannot be done before anything changes. */
async function findMember(db: Db, id: number): Promise<MemberRow> {
  const [row] = await queryRows<MemberRow>(
    db,
    sql`select ${memberColumns} from users where id = ${id} and deleted_at is null`,
  );
  if (!row) throw notFound("User not found");
  return row;
}

/** The member, locked for this transaction, so two admins acting at once act one after the other. */
async function lockMember(tx: Tx, id: number): Promise<MemberRow> {
  const [row] = await queryRows<MemberRow>(
    tx,
    sql`select ${memberColumns} from users where id = ${id} and deleted_at is null for update`,
  );
  if (!row) throw notFound("User not found");
  return row;
}

function refuseBan(admin: { id: number }, target: MemberRow) {
  if (target.id === admin.id) throw badRequest("You cannot ban yourself");
  if (target.is_admin) throw forbidden("Admin accounts cannot be banned");
  if (target.banned_at) throw conflict("This member is already banned");
}

/** An instant as the reader's profile writes it ("Jun 3, 2026, 9:00 AM EDT"). */
const inZone = (at: Date, timeZone: string, locale: string | null) =>
  formatInZone(at, timeZone, locale ?? undefined);

/** What the admin reads once the ban is in: the sessions ended and what became of the membership. */
function banMessage(stop: BanStop | "failed", admin: { timeZone: string; locale: string | null }): string {
  const done = "Member banned: every session ended";
  if (stop === "failed") {
    return `${done}. Their membership could not be stopped from renewing (the payment provider did not answer): it still renews.`;
  }
  if (stop.renewal === "stopped" && stop.activeUntil) {
    return `${done}; their membership stops renewing and stays paid until ${inZone(stop.activeUntil, admin.timeZone, admin.locale)}.`;
  }
  if (stop.renewal === "ending" && stop.activeUntil) {
    return `${done}; their membership still ends on ${inZone(stop.activeUntil, admin.timeZone, admin.locale)}, as they had set.`;
  }
  return done;
}

/**
 * Bans a member with a reason: never an admin (403), never yourself (400); a member banned already
 * is a 409 (the first reason stands; unban first to give another). Their running membership stops
 * renewing first (it may call the provider, so outside the transaction); a ban that then fails
 * turns it back on. The member is told by email after the commit.
 */
export async function ban(ctx: AppContext, viewer: Viewer, id: number, body: BanBody): Promise<BanResult> {
  const admin = requireAdmin(viewer);
  if (id === admin.id) throw badRequest("You cannot ban yourself");
  refuseBan(admin, await findMember(ctx.db, id));
  const now = ctx.clock.now();
  const stop = await stopRenewal(ctx, id);
  let result: { ended: number; member: MemberRow };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const target = await lockMember(tx, id);
      refuseBan(admin, target);
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
        details: {
          sessionsEnded: ended,
          ...(stop === "failed"
            ? { renewalStopFailed: true }
            : stop.renewal === "stopped"
              ? { renewalStopped: true }
              : {}),
          ...(body.reportId ? { reportId: body.reportId } : {}),
        },
        at: now,
      });
      return { ended, member: target };
    });
  } catch (err) {
    // Not banned after all: what the ban did to the membership is undone.
    if (stop !== "failed" && stop.renewal === "stopped") await undoStop(ctx, id);
    throw err;
  }
  // This process's shared board drops them at once; another process's within its 1 s lifetime.
  invalidateBoard(ctx.db);
  await tellSuspended(ctx, result.member, body.reason, stop);
  ctx.log.warn({ adminId: admin.id, userId: id, sessionsEnded: result.ended }, "member banned");
  return {
    message: banMessage(stop, admin),
    sessionsEnded: result.ended,
    membership: stop === "failed" ? "failed" : stop.renewal,
    activeUntil: stop === "failed" ? null : (stop.activeUntil?.toISOString() ?? null),
  };
}

/**
 * The membership stopped from renewing; a provider that cannot be reached does not hold the ban up
 * (the sessions must end now): the admin is told the membership still renews.
 */
async function stopRenewal(ctx: AppContext, id: number): Promise<BanStop | "failed"> {
  try {
    return await subscription.stopRenewingForBan(ctx, id);
  } catch (err) {
    ctx.log.error({ err, userId: id }, "a banned member's membership could not be stopped from renewing");
    return "failed";
  }
}

async function undoStop(ctx: AppContext, id: number) {
  try {
    await subscription.restoreAfterBan(ctx, id);
  } catch (err) {
    ctx.log.error({ err, userId: id }, "a ban that failed could not turn the membership's renewal back on");
  }
}

/** The banned member's email: the reason, their membership, their money, the support address. */
async function tellSuspended(ctx: AppContext, member: MemberRow, reason: string, stop: BanStop | "failed") {
  const membership: SuspendedMembership =
    stop !== "failed" && stop.renewal !== "none" && stop.activeUntil
      ? { renewal: stop.renewal, activeUntil: inZone(stop.activeUntil, member.time_zone, member.locale) }
      : { renewal: "none" };
  try {
    await ctx.mailer.send(
      member.email,
      accountSuspendedEmail(member.first_name, { reason, membership, supportEmail: ctx.config.supportEmail }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: member.id }, "the suspension email could not be sent");
  }
}

/** What the admin reads once the ban is lifted, with what became of the membership. */
function unbanMessage(undo: BanUndo, admin: { timeZone: string; locale: string | null }): string {
  const done = "Ban lifted: the member can sign in again";
  if (undo.renewal === "restored" && undo.periodEnd) {
    return `${done}; their membership renews again on ${inZone(undo.periodEnd, admin.timeZone, admin.locale)}.`;
  }
  if (undo.renewal === "ended" && undo.periodEnd) {
    return `${done}; their membership ended on ${inZone(undo.periodEnd, admin.timeZone, admin.locale)} while they were banned, so it does not renew.`;
  }
  return done;
}

/**
 * Lifts a ban: the member may sign in again, shows on boards, and a settlement held only for the
 * ban pays on its next run; renewal comes back if the ban stopped it and its period still runs
 * (a provider that fails answers an error, and the member stays banned: nothing changed). A member
 * not banned is a 409. The reason (optional) goes to the log. The member is told by email.
 */
export async function unban(ctx: AppContext, viewer: Viewer, id: number, reason?: string) {
  const admin = requireAdmin(viewer);
  if (!(await findMember(ctx.db, id)).banned_at) throw conflict("This member is not banned");
  const undo = await subscription.restoreAfterBan(ctx, id);
  const now = ctx.clock.now();
  const member = await ctx.db.transaction(async (tx) => {
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
      details: undo.renewal === "none" ? null : { renewal: undo.renewal },
      at: now,
    });
    return target;
  });
  invalidateBoard(ctx.db);
  await tellRestored(ctx, member, undo);
  ctx.log.warn({ adminId: admin.id, userId: id, renewal: undo.renewal }, "member unbanned");
  return { message: unbanMessage(undo, admin), membership: undo.renewal };
}

async function tellRestored(ctx: AppContext, member: MemberRow, undo: BanUndo) {
  const membership: RestoredMembership =
    undo.renewal === "restored" && undo.periodEnd
      ? { renewal: "restored", renewsOn: inZone(undo.periodEnd, member.time_zone, member.locale) }
      : undo.renewal === "ended" && undo.periodEnd
        ? { renewal: "ended", endedOn: inZone(undo.periodEnd, member.time_zone, member.locale) }
        : { renewal: "none" };
  try {
    await ctx.mailer.send(
      member.email,
      accountRestoredEmail(member.first_name, {
        membership,
        signInLink: `${ctx.config.appUrl}/login`,
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: member.id }, "the ban-lifted email could not be sent");
  }
}
