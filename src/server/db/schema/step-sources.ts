import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's connected step source (issue 33: a wearable's vendor API, one module per vendor in
 * features/step-sources). Tokens are encrypted with STEP_SOURCE_KEY (AES-256-GCM). Disconnecting
 * deletes the row; what the source already counted stays counted.
 */
export const stepSources = pgTable(
  "step_sources",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vendor: text().notNull(),
    /** The vendor's id of the account (Withings' `userid`), which its webhooks name. */
    externalUserId: text().notNull(),
    accessToken: text().notNull(),
    refreshToken: text().notNull(),
    tokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
    scope: text().notNull().default(""),
    /** `connected`, or `reconnect` once the vendor refused the tokens (expired or revoked). */
    status: text().notNull().default("connected"),
    connectedAt: timestamp({ withTimezone: true }).notNull(),
    /** The last successful import. */
    lastSyncAt: timestamp({ withTimezone: true }),
    /**
     * Nothing the vendor measured before this counts for the member: a week before connecting, or
     * the connect itself for an account that counted for another member before.
     */
    countsFrom: timestamp({ withTimezone: true }).notNull(),
    /** Imports have read the vendor's data up to here (the next one reads again from a bit before). */
    syncedTo: timestamp({ withTimezone: true }).notNull(),
    /** A webhook said there is new data: the import job reads it first (null: nothing waiting). */
    notifiedAt: timestamp({ withTimezone: true }),
    /** When the polling fallback reads this source next. */
    nextPollAt: timestamp({ withTimezone: true }).notNull(),
    /** An import in progress holds the source until then (one process at a time refreshes its tokens). */
    leasedUntil: timestamp({ withTimezone: true }),
    /** Whether the vendor's webhook subscription was made (the poll retries it otherwise). */
    subscribed: boolean().notNull().default(false),
    lastError: text(),
  },
  (t) => [
    uniqueIndex("step_sources_user_vendor_idx").on(t.userId, t.vendor),
    uniqueIndex("step_sources_external_idx").on(t.vendor, t.externalUserId),
    index("step_sources_poll_idx").on(t.nextPollAt),
  ],
);

/**
 * Which member each vendor account was ever connected to (kept after a disconnect): an account
 * that counted for another member before brings no past steps to the next one.
 */
export const stepSourceAccounts = pgTable(
  "step_source_accounts",
  {
    vendor: text().notNull(),
    externalUserId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.externalUserId, t.userId] })],
);

/** The `state` of a connect in progress (single use, bound to the member who started it). */
export const stepSourceStates = pgTable("step_source_states", {
  stateHash: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  vendor: text().notNull(),
  /** Where the member goes back to once connected (a path of this app). */
  returnTo: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Members whose steps are counted per source (the first import puts them here): their phone
 * batches go through the slots too, so a period counts the larger source, never the sum.
 */
export const stepSourceMembers = pgTable("step_source_members", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  since: timestamp({ withTimezone: true }).notNull(),
});

/** Each source's steps per 15-minute slot (UTC grid; every time zone's days are whole slots). */
export const stepSourceSlots = pgTable(
  "step_source_slots",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slotStart: timestamp({ withTimezone: true }).notNull(),
    /** `phone` or a vendor. */
    source: text().notNull(),
    steps: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.slotStart, t.source] }),
    check("step_source_slots_steps_not_negative", sql`${t.steps} >= 0`),
  ],
);

/**
 * Each source's steps per local day, as the member's dashboard and history show them by source:
 * the sum of its slots, and the day total it gave without intervals (null: none); the source's
 * day is the larger of the two.
 */
export const stepSourceDays = pgTable(
  "step_source_days",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    source: text().notNull(),
    steps: integer().notNull().default(0),
    dayTotal: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate, t.source] }),
    check("step_source_days_steps_not_negative", sql`${t.steps} >= 0`),
  ],
);
