import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's TOTP secret (RFC 6238, base32). While `confirmed` is false it is a set-up in progress
 * (shown once as a QR code) and signs nothing in; confirming it with a code turns two-factor on
 * (`users.two_factor_enabled_at`). `lastUsedStep` is the 30-second time step of the latest code
 * accepted, so a code (or an earlier one) is never accepted twice.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  confirmed: boolean().notNull().default(false),
  lastUsedStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** The 10 single-use recovery codes of a member with two-factor on, stored as SHA-256 only. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second step: the password was right, the code not given yet. Only the
 * SHA-256 of its cookie token is kept, with the device that gave the password; it lives 5 minutes,
 * is used once, and dies after 5 wrong codes.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceFingerprint: text().notNull(),
    userAgent: text(),
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("pending_sign_ins_user_idx").on(t.userId)],
);
