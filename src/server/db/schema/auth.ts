import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A signed-in device. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text().primaryKey(),
    /** What an admin names a session by (the token hash stays out of every answer). */
    id: integer().notNull().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceFingerprint: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_id_uq").on(t.id)],
);

/** Single-use password reset tokens, stored hashed, valid for an hour. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Every email the app sends, whether delivered by SMTP or kept in the outbox only. */
export const emails = pgTable(
  "emails",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    template: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    transport: text().notNull(),
    /** Extra headers sent with it (List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb().$type<Record<string, string>>(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("emails_created_idx").on(t.createdAt)],
);

/**
 * Single-use email verification links, stored hashed, valid for 24 hours: the address the member
 * signed up with, or a new one they asked to change to (it replaces the old only once verified).
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);
