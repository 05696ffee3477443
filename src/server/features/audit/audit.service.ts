// The admin audit log (DESIGN 1): every admin action is written here, inside the transaction
// that does it, so an action and its record commit together or not at all. Append-only in the
// database (migration 0021). Features record through `recordAdminAction`; admins read the log.
import { and, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditActionName, AuditPage, AuditQuery } from "../../../core/schemas/audit";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { adminAuditLog, users } from "../../db/schema";
import { requireAdmin, type Viewer } from "../../http/viewer";

export type AdminAction = {
  adminId: number;
  /** One of the catalogue's names (AUDIT_ACTIONS), so every screen of the log has it in words. */
  action: AuditActionName;
  targetType: string;
  targetId?: number | null;
  targetUserId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
  at: Date;
  /** "member" for a member's own security change (`adminId` is then that member); default "admin". */
  actor?: "admin" | "member";
};

/** Records one admin action, in the caller's transaction (or alone, given the database). */
export async function recordAdminAction(db: Db, a: AdminAction): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: a.adminId,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId ?? null,
    targetUserId: a.targetUserId ?? null,
    reason: a.reason?.trim() || null,
    details: a.details ?? null,
    actor: a.actor ?? "admin",
    createdAt: a.at,
  });
}

/**
 * Records a member's own security change (a passkey added or removed, issue 30 item 6) in the same
 * log, so support reads one history; `details` must never hold a secret, a key or a hash.
 */
export async function recordMemberAction(
  db: Db,
  a: {
    memberId: number;
    action: AuditActionName;
    targetType: string;
    targetId: number;
    details?: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await recordAdminAction(db, {
    adminId: a.memberId,
    actor: "member",
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    targetUserId: a.memberId,
    details: a.details ?? null,
    at: a.at,
  });
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * What an edit changed, for `details`: `{ field: { from, to } }` over the fields of `after` whose
 * value differs from `before` (dates compared and shown as ISO instants). Empty when nothing did.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const from = comparable(before[key]);
    const to = comparable(value);
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

const admins = alias(users, "audit_admin");
const targets = alias(users, "audit_target");

/** The log, newest first, filtered and paged by id (admins). */
export async function auditLog(ctx: AppContext, viewer: Viewer, q: AuditQuery): Promise<AuditPage> {
  requireAdmin(viewer);
  const where: SQL[] = [];
  if (q.adminId) where.push(eq(adminAuditLog.adminId, q.adminId));
  if (q.targetUserId) where.push(eq(adminAuditLog.targetUserId, q.targetUserId));
  if (q.adminUsername) where.push(sql`lower(${admins.username}) = lower(${q.adminUsername})`);
  if (q.targetUsername) where.push(sql`lower(${targets.username}) = lower(${q.targetUsername})`);
  if (q.targetType) where.push(eq(adminAuditLog.targetType, q.targetType));
  if (q.targetId) where.push(eq(adminAuditLog.targetId, q.targetId));
  // "user" finds user.ban, user.unban ...; "user.ban" finds exactly that.
  if (q.action) {
    where.push(
      q.action.includes(".")
        ? eq(adminAuditLog.action, q.action)
        : sql`${adminAuditLog.action} like ${`${q.action}.%`}`,
    );
  }
  if (q.from) where.push(gte(adminAuditLog.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(adminAuditLog.createdAt, new Date(q.to)));
  if (q.cursor) where.push(lt(adminAuditLog.id, q.cursor));
  const rows = await ctx.db
    .select({
      entry: adminAuditLog,
      adminUsername: admins.username,
      targetUsername: targets.username,
    })
    .from(adminAuditLog)
    .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(targets, eq(targets.id, adminAuditLog.targetUserId))
    .where(and(...where))
    .orderBy(desc(adminAuditLog.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(({ entry: e, adminUsername, targetUsername }) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      admin: { id: e.adminId, username: adminUsername },
      actor: e.actor === "member" ? "member" : "admin",
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      targetUser: e.targetUserId === null ? null : { id: e.targetUserId, username: targetUsername ?? "" },
      reason: e.reason,
      details: e.details ?? null,
    })),
    nextCursor: rows.length > q.limit ? page[page.length - 1].entry.id : null,
  };
}
