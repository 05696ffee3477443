import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { competitions } from "./competitions";
import { users } from "./users";

/**
 * A group: members, a FitCoin pool (ledger account `group:{id}`), an invite code, a chat room
 * (`group:{id}`) and optionally a scheduled competition of its own: a `competitions` row with
 * `group_id` set, so its standings and settlement are the competitions' own (DESIGN 1, group money).
 */
export const groups = pgTable(
  "groups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(""),
    isPrivate: boolean().notNull().default(false),
    /** Hundredths of a FitCoin; null: no goal. */
    poolGoal: bigint({ mode: "number" }),
    /** Hundredths of a FitCoin paid on joining; null: free. */
    poolEntryPrice: bigint({ mode: "number" }),
    inviteCode: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    competitionId: integer().references(() => competitions.id),
    memberCount: integer().notNull().default(0),
    /**
     * Raised by a trigger on every change of the group's members (join, leave, role): the group page
     * keeps its members list while this is the same (migration group_members_version).
     */
    membersVersion: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("groups_invite_code_uq").on(t.inviteCode),
    index("groups_public_idx").on(t.createdAt).where(sql`${t.deletedAt} is null and not ${t.isPrivate}`),
    // Achievements count the groups a member created and the members they brought in.
    index("groups_created_by_idx").on(t.createdBy),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** admin | member */
    role: text().notNull().default("member"),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);

/**
 * What a member paid into the pool, for Recent Contributions: their entry (the entry price, paid on
 * joining or creating) or a contribution with its optional description. The ledger holds the money;
 * this row keeps what the list shows of it.
 */
export const groupContributions = pgTable(
  "group_contributions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => groups.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    amount: bigint({ mode: "number" }).notNull(),
    description: text(),
    /** entry | contribution */
    kind: text().notNull().default("contribution"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("group_contributions_group_idx").on(
      t.groupId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
