import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { chatMessages } from "./competitions";
import { users } from "./users";

/** A member blocking another: their chat messages are hidden from each other (DESIGN 1). */
export const userBlocks = pgTable(
  "user_blocks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("user_blocks_pair_uq").on(t.blockerId, t.blockedId),
    index("user_blocks_blocked_idx").on(t.blockedId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A report about a member, for the admins' Reports queue. */
export const userReports = pgTable(
  "user_reports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer()
      .notNull()
      .references(() => users.id),
    reportedId: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    description: text(),
    /** The chat message reported, when the report is about one (its author is `reportedId`). */
    messageId: integer().references(() => chatMessages.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => users.id),
  },
  (t) => [
    index("user_reports_open_idx").on(t.createdAt).where(sql`${t.reviewedAt} is null`),
    index("user_reports_reported_idx").on(t.reportedId),
    // A member reports one message once.
    uniqueIndex("user_reports_message_uq")
      .on(t.reporterId, t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);
