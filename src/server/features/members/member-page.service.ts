// The admin's page of one member (issue 22): everything support needs to answer them, the
// sessions an admin can end, and the Current User Check of their payments (specification 3).
import { SUBSCRIPTION_PRICE_CENTS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import type { MemberDetail, MemberTransactionsPage } from "../../../core/schemas/admin-member";
import type { ReconciliationResult } from "../../../core/schemas/money";
import { shownTimeZone } from "../../../core/time-zones";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { effectiveStatus, requireAdmin, type Viewer } from "../../http/viewer";
import { adminMoves } from "../../ledger/admin-moves";
import { userHistory } from "../../ledger/history";
import { recordAdminAction } from "../audit/audit.service";
import { activeSessions, endSession, lastSeenOf, revokeAllSessions } from "../auth/auth.service";
import { passkeyCount } from "../auth/passkeys.service";
import { reconcileUser } from "../deposits/deposits.service";
import * as stepSources from "../step-sources/step-sources.service";
import * as repo from "./member-page.repo";

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A fingerprint shown by its first and last 4 characters: enough to tell devices apart, no more. */
export function maskFingerprint(fp: string | null): string | null {
  if (!fp) return null;
  if (fp.length <= 8) return "•".repeat(fp.length);
  return `${fp.slice(0, 4)}${"•".repeat(Math.min(fp.length - 8, 8))}${fp.slice(-4)}`;
}

async function memberOrThrow(ctx: AppContext, id: number) {
  const row = await repo.profile(ctx.db, id);
  if (!row) throw notFound("User not found");
  return row;
}

function competitionStatus(
  c: { start_date: Date | string; end_date: Date | string; settled_at: unknown; settlement: string | null },
  now: Date,
) {
  if (c.settled_at) return c.settlement === "refunded" ? "refunded" : "settled";
  if (c.settlement === "held") return "under review";
  if (new Date(c.start_date) > now) return "upcoming";
  return new Date(c.end_date) > now ? "active" : "ended";
}

export async function detail(ctx: AppContext, viewer: Viewer, id: number): Promise<MemberDetail> {
  requireAdmin(viewer);
  const now = ctx.clock.now();
  const u = await memberOrThrow(ctx, id);
  const [competitions, groups, flags, about, by, sessions, passkeys, sources] = await Promise.all([
    repo.competitions(ctx.db, id),
    repo.groups(ctx.db, id),
    repo.stepFlags(ctx.db, id),
    repo.reports(ctx.db, id, "about"),
    repo.reports(ctx.db, id, "by"),
    activeSessions(ctx.db, id, now),
    passkeyCount(ctx.db, id),
    stepSources.forAdmin(ctx, id, u.time_zone),
  ]);
  const sub =
    u.sub_status && u.sub_provider && u.sub_end
      ? { status: u.sub_status, provider: u.sub_provider, currentPeriodEnd: new Date(u.sub_end) }
      : null;
  const report = (r: Awaited<ReturnType<typeof repo.reports>>[number]) => ({
    id: r.id,
    other: { id: r.other_id, username: r.other_username },
    reason: r.reason,
    description: r.description,
    createdAt: iso(r.created_at),
    reviewedAt: isoOrNull(r.reviewed_at),
  });
  return {
    profile: {
      id: u.id,
      username: u.username,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      profileImageUrl: u.profile_image_url,
      timeZone: shownTimeZone(u.time_zone),
      isAdmin: u.is_admin,
      isTestAccount: u.is_test_account,
      deleted: u.deleted_at !== null,
      rulesAccepted: u.rules_accepted_at !== null,
      emailVerified: u.email_verified_at !== null,
      createdAt: iso(u.created_at),
      twoFactorEnabled: u.two_factor_enabled_at !== null,
    },
    subscription: {
      status: effectiveStatus(sub, now),
      plan: sub ? `Monthly, $${formatMinor(SUBSCRIPTION_PRICE_CENTS)}` : null,
      provider: sub?.provider ?? null,
      currentPeriodEnd: sub ? sub.currentPeriodEnd.toISOString() : null,
      stoppedByBan: u.sub_stopped_by_ban === true,
    },
    balances: { usd: formatMinor(Number(u.usd)), fitcoins: formatMinor(Number(u.fc)), points: Number(u.pts) },
    ban: u.banned_at
      ? { bannedAt: iso(u.banned_at), reason: u.banned_reason ?? "", bannedBy: u.banned_by }
      : null,
    competitions: competitions.map((c) => ({
      competitionId: c.id,
      name: c.name,
      groupId: c.group_id,
      status: competitionStatus(c, now),
      startDate: iso(c.start_date),
      endDate: iso(c.end_date),
      steps: c.steps,
      finalPosition: c.final_position,
      prize: c.prize === null ? null : formatMinor(Number(c.prize)),
      disqualified: c.disqualified_at !== null,
    })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, role: g.role, joinedAt: iso(g.joined_at) })),
    stepFlags: flags.map((f) => ({
      flaggedAt: iso(f.flagged_at),
      reason: f.reason,
      refusals: f.refusals,
      reviewedAt: isoOrNull(f.reviewed_at),
    })),
    reportsAbout: about.map(report),
    reportsBy: by.map(report),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: maskFingerprint(s.deviceFingerprint),
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      // Renewal (sliding expiry) is written at most once a day: the last request was at or after this.
      lastSeenAt: lastSeenOf(s).toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    passkeys,
    stepSources: sources,
  };
}

/** The member's ledger history (dollars and FitCoins), newest first, paged by transfer id. */
export async function transactions(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  q: { cursor?: number; limit: number },
): Promise<MemberTransactionsPage> {
  requireAdmin(viewer);
  await memberOrThrow(ctx, id);
  const rows = await userHistory(ctx.db, id, q.limit + 1, q.cursor);
  const page = rows.slice(0, q.limit);
  // Grants and reversals show their author, and a grant whether it was reversed (issue 23).
  const moves = await adminMoves(
    ctx.db,
    page.map((r) => r.id),
  );
  const items = page.map((r) => ({ ...r, adminMove: moves.get(r.id) ?? null }));
  return { items, nextCursor: rows.length > q.limit ? page[page.length - 1].id : null };
}

/** Ends one session of the member (sessionId) or all of them, recorded as session.end. */
export async function endSessions(ctx: AppContext, viewer: Viewer, id: number, sessionId?: number) {
  const admin = requireAdmin(viewer);
  await memberOrThrow(ctx, id);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const count =
      sessionId === undefined
        ? await revokeAllSessions(tx, id, now)
        : (await endSession(tx, id, sessionId, now))
          ? 1
          : 0;
    if (sessionId !== undefined && count === 0) throw notFound("No active session with this id");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "session.end",
      targetType: "session",
      targetId: sessionId ?? null,
      targetUserId: id,
      details: sessionId === undefined ? { all: true, sessionsEnded: count } : { sessionsEnded: 1 },
      at: now,
    });
    return count;
  });
  return { message: ended === 1 ? "1 session ended" : `${ended} sessions ended` };
}

/** The Current User Check run by an admin for this member: their missed card payments booked. */
export async function reconcile(ctx: AppContext, viewer: Viewer, id: number): Promise<ReconciliationResult> {
  const admin = requireAdmin(viewer);
  const u = await memberOrThrow(ctx, id);
  const result = await reconcileUser(ctx, { id });
  // Its own record after the bookings (each committed in its own transaction, idempotent by payment).
  await recordAdminAction(ctx.db, {
    adminId: admin.id,
    action: "deposits.reconcile_member",
    targetType: "user",
    targetId: id,
    targetUserId: id,
    details: {
      missingDepositsFound: result.missingDepositsFound,
      depositsRecovered: result.depositsRecovered,
    },
    at: ctx.clock.now(),
  });
  return result.missingDepositsFound === 0
    ? {
        ...result,
        message: `No missing deposits found: every payment ${u.username} made in the last 30 days is in their wallet.`,
      }
    : result;
}
