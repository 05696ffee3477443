import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Every accepted step sync, kept with its time so that competitions can sum the steps inside
 * any window. `localDate` is the member's own day (their IANA time zone at the time of the sync).
 *
 * Only for as long as a raw batch matters (migration step_batches_partitions, issue 25): the table
 * is partitioned by week of `receivedAt`, and the retention job (features/steps/batch-retention)
 * drops a week whole once a retried batch id, an open competition window, the dispute window after
 * one, or an open step flag no longer needs it. What stays for ever is elsewhere: the day totals
 * (step_days) and the standings (competition_participants). Drizzle declares the columns and the
 * index here; the partitioning itself is in that migration's SQL.
 */
export const stepBatches = pgTable(
  "step_batches",
  {
    /** No index: nothing looks a batch up by it (a partitioned table's key would need receivedAt). */
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The client's UUID for this batch: a retried sync finds it and counts nothing twice. Unique
     * per member, kept so by step_sync under the member's sync lock (a unique index of a
     * partitioned table would have to include receivedAt, so it could not see a retry).
     */
    batchId: uuid().notNull(),
    steps: integer().notNull(),
    /** The client's timestamp, never later than the server's clock when received. */
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    /** The partition key. */
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    localDate: date({ mode: "string" }).notNull(),
    /**
     * Where the steps came from (migration 0044, issue 33): null for this app's phone counting, a
     * step source's vendor (`withings`) for imported ones. For a member with a connected source a
     * row holds what it added to the counted total (the larger of the overlapping sources, never
     * their sum), which can be 0 for a phone batch a watch had already counted.
     */
    source: text(),
    /**
     * An imported row's interval (null for the phone's, which are instants): a competition counts
     * it only if the whole interval lies inside its window (a day total: the whole local day).
     */
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The one index: a retry's batch id, and a member's batches (a competition join sums those of
    // its window, rarely; the budget's fallback reads their latest). Every sync pays for it.
    index("step_batches_user_batch_idx").on(t.userId, t.batchId),
    check("step_batches_steps_not_negative", sql`${t.steps} >= 0`),
  ],
);

/**
 * Each member's plausibility budget (migration 0022): how many steps their next sync may carry
 * beyond 4 a second of the time since `countedTo`. At most 30 carry over from one sync to the
 * next, so many small syncs at once share one allowance instead of each bringing its own, and
 * `countedTo` only moves forward, from the account's creation (less 5 minutes for a phone clock
 * running behind): no member can ever be credited more than 4 steps a second since then.
 */
export const stepBudgets = pgTable("step_budgets", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  leftSteps: smallint().notNull(),
  countedTo: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Each member's steps per local day: the sum of their batches of that day, kept by a trigger on
 * every insert into step_batches (migration 0004), so today's total and the history read one row
 * per day instead of adding up every batch.
 */
export const stepDays = pgTable(
  "step_days",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    steps: integer().notNull(),
    /** Set by every batch of the day (migration 0009), cleared by the points job once it has paid. */
    pointsPending: boolean().notNull().default(true),
    /**
     * For a member with a step source (migration 0044): the sum over the day's 15-minute slots of
     * the largest source in each (null: the phone alone, whose sum is `steps`), and the largest day
     * total a source gave without intervals. `steps` is then the larger of the two.
     */
    slotSteps: integer(),
    dayTotalSteps: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate] }),
    index("step_days_points_pending_idx").on(t.userId, t.localDate).where(sql`${t.pointsPending}`),
  ],
);

/** Syncs refused as implausible (DESIGN 1, step plausibility); nothing of them was counted. */
export const stepRefusals = pgTable(
  "step_refusals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    batchId: uuid().notNull(),
    steps: integer().notNull(),
    /** The most the member could have walked since the previous accepted sync. */
    allowedSteps: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("step_refusals_user_idx").on(t.userId, t.createdAt)],
);

/** Accounts flagged for an admin's review after repeated implausible syncs. */
export const stepFlags = pgTable(
  "step_flags",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    flaggedAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("step_flags_open_idx").on(t.flaggedAt).where(sql`${t.reviewedAt} is null`)],
);
