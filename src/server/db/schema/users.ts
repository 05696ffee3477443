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
    /** The language the member's browser asked for at their last sign-in (emails' dates); null: en-US. */
    locale: text(),
    stepGoal: integer().notNull().default(10000),
    isAdmin: boolean().notNull().default(false),
    isTestAccount: boolean().notNull().default(false),
    rulesAcceptedAt: timestamp({ withTimezone: true }),
    /** When the member opened a verification link sent to `email`; null: not verified (no money leaves). */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    pendingInviteCode: text(),
    pendingInviteType: text(),
    deletedAt: timestamp({ withTimezone: true }),
    /** A ban (DESIGN 1, admin user management): when, why and by which admin; null when not banned. */
    bannedAt: timestamp({ withTimezone: true }),
    bannedReason: text(),
    bannedBy: integer(),
    /**
     * When the member turned two-factor sign-in on (TOTP); null when off. Kept here, not with the
     * secret, so every request's viewer knows it (the admin guard) without reading the secret.
     */
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case; deleted accounts free theirs (anonymised).
    uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    // The few banned members, found without a scan (boards subtract them from positions).
    index("users_banned_idx").on(t.id).where(sql`${t.bannedAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
