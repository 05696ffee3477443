import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's passkey (WebAuthn credential, issue 30 item 5): signs them in without a password.
 * Only the public half is stored; the private key never leaves their authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url: how a sign-in names the passkey. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The signature counter last seen (an unsigned 32-bit number, hence bigint). */
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** What the member reads in their list ("Chrome on Android"), theirs to recognise it by. */
    name: text().notNull(),
    /** Synced across the member's devices (a cloud passkey) rather than bound to one. */
    backedUp: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_uq").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * A WebAuthn challenge handed out and not yet answered. Kept in the database (never in a process's
 * memory) so any process can verify the answer; only its SHA-256 is stored; single-use: verifying
 * deletes the row in the statement that reads it, so two racing answers succeed once.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challengeHash: text().primaryKey(),
    /** "register" (adding a passkey, for `userId`) or "sign_in" (anyone). */
    purpose: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);
