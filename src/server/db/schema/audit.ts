import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What each admin did (DESIGN 1, admin user management): who, what, to which object or member,
 * when and why. Append-only: a trigger (migration 0021) refuses every update and delete, so no
 * admin, and no code path, can rewrite what happened.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => users.id),
    /**
     * Who `adminId` is: "admin" for an admin's action, "member" for a member's own security change
     * (two-factor on or off, a recovery code used), which the log keeps as well (DESIGN 1, Accounts).
     */
    actorRole: text().$type<"admin" | "member">().notNull().default("admin"),
    /** Dotted, object first: "user.ban", "competition.delete", "fitcoins.grant" ... */
    action: text().notNull(),
    /** What was acted on: "user", "competition", "group", "report", "offer" ... */
    targetType: text().notNull(),
    targetId: integer(),
    /** The member concerned, when there is one (so a member's page lists what was done about them). */
    targetUserId: integer().references(() => users.id),
    reason: text(),
    /** What else matters to read the action later (amounts, old and new values), as JSON. */
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("admin_audit_log_target_user_idx").on(t.targetUserId, t.id.desc()),
    index("admin_audit_log_admin_idx").on(t.adminId, t.id.desc()),
  ],
);
