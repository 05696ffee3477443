import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    profileImageUrl: text(),
    timeZone: text().notNull().default("UTC"),
    stepGoal: integer().notNull().default(10000),
    isAdmin: boolean().notNull().default(false),
    isTestAccount: boolean().notNull().default(false),
    rulesAcceptedAt: timestamp({ withTimezone: true }),
    pendingInviteCode: text(),
    pendingInviteType: text(),
    deletedAt: timestamp({ withTimezone: true }),
    bannedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case; deleted accounts free theirs (anonymised).
    uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
