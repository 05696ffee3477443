import { sql } from "drizzle-orm";
import {
  bigint,
  check,
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
 * A step competition over the window [startDate, endDate). Its prize pool is the ledger account
 * `competition:{id}` (FC). `settlement`: open until the end; pending through the grace period;
 * held while a would-be winner has an unreviewed step flag; settled (pool paid) or refunded
 * (nobody eligible: every fee back). A deleted competition keeps its row (and its ledger
 * history), with every fee refunded.
 */
export const competitions = pgTable(
  "competitions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull(),
    /** Hundredths of a FitCoin; null: free. */
    entryFee: bigint({ mode: "number" }),
    maxParticipants: integer(),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    entryDeadlineHours: integer(),
    inviteCode: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    /** Set for a group's own competition (its pool is the group's): never listed with the others. */
    groupId: integer(),
    /** Kept by the participants' joins and leaves (under the competition's row lock). */
    participantCount: integer().notNull().default(0),
    settlement: text().notNull().default("open"),
    settledAt: timestamp({ withTimezone: true }),
    /**
     * A settlement that failed (DESIGN 2.4): how many times in a row, the last error's message, and
     * when it is tried again (a growing delay). Never set for a competition that settles; cleared
     * when it does.
     */
    settleAttempts: integer().notNull().default(0),
    settleError: text(),
    settleRetryAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("competitions_invite_code_uq").on(t.inviteCode),
    index("competitions_open_idx")
      .on(t.endDate)
      .where(sql`${t.deletedAt} is null and ${t.settledAt} is null`),
    check("competitions_window", sql`${t.endDate} > ${t.startDate}`),
    check("competitions_fee_positive", sql`${t.entryFee} is null or ${t.entryFee} > 0`),
  ],
);

/**
 * Who takes part, with their steps inside the window kept up to date by a trigger on every step
 * batch (migration 0006), so standings read one row per participant instead of summing batches.
 */
export const competitionParticipants = pgTable(
  "competition_participants",
  {
    competitionId: integer()
      .notNull()
      .references(() => competitions.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    steps: integer().notNull().default(0),
    /** Hundredths of a FitCoin paid on joining (0 when free): what leaving or deletion refunds. */
    feePaid: bigint({ mode: "number" }).notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
    /** Fair play: an admin cleared this member's step flag for this competition. */
    clearedAt: timestamp({ withTimezone: true }),
    /** Fair play: an admin disqualified this member; their steps count as 0, their fee stays. */
    disqualifiedAt: timestamp({ withTimezone: true }),
    /** Written by the settlement. */
    finalPosition: integer(),
    prize: bigint({ mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.competitionId, t.userId] }),
    index("competition_participants_user_idx").on(t.userId),
    index("competition_participants_standings_idx").on(
      t.competitionId,
      t.steps.desc().nullsFirst(),
      t.userId,
    ),
  ],
);

/** A participant's dispute of a result (within 48 hours of the end), for the admins' queue. */
export const competitionDisputes = pgTable(
  "competition_disputes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    competitionId: integer()
      .notNull()
      .references(() => competitions.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => users.id),
  },
  (t) => [index("competition_disputes_open_idx").on(t.createdAt).where(sql`${t.reviewedAt} is null`)],
);

/**
 * Chat of a room: `competition:{id}` or `group:{id}`, one table and one implementation for both.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    room: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Deleted by its author or an admin: gone from the room, kept for the reports about it. */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id),
  },
  (t) => [
    index("chat_messages_room_idx").on(t.room, t.id.desc().nullsFirst()),
    // Achievements count a member's messages.
    index("chat_messages_user_idx").on(t.userId),
    // A room's deleted messages, counted by every chat poll (the room's version): the few deleted.
    index("chat_messages_deleted_idx").on(t.room).where(sql`${t.deletedAt} is not null`),
    check("chat_messages_length", sql`char_length(${t.message}) between 1 and 1000`),
  ],
);

export type CompetitionRow = typeof competitions.$inferSelect;
