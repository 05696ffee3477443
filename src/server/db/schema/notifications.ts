import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sessions } from "./auth";
import { users } from "./users";

/**
 * A member's notification in the app (DESIGN 1, notifications). `dedupeKey` names the event and
 * the member (`won:competition:12:user:7`): every writer inserts with `on conflict do nothing`, so
 * each is made once however many processes run the job that makes it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** A same-site path the item opens. */
    link: text().notNull(),
    dedupeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_uq").on(t.dedupeKey),
    index("notifications_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    // The bell's count reads only the unread few.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A member's choice for one kind; no row: the defaults (push on, email as EMAIL_KIND_DEFAULTS). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    push: boolean().notNull().default(true),
    /** Null: the kind's default. */
    email: boolean(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A browser's Web Push subscription. One endpoint is one browser. It remembers the session that
 * turned it on: signing that session out removes it, and another member may take the endpoint
 * over only once that session has ended (a shared phone), never while it is live.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /**
     * The session that turned it on (`sessions.id`); null for subscriptions older than this column.
     * Goes with its session: the hourly sweep deletes expired sessions, whose pushes stopped with
     * them (a null session would be pushed to again).
     */
    sessionId: integer().references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Fan-out work queued by the transaction of the event (a settlement, a deletion, a start) and done
 * after its commit, in batches of members from `cursor` on (DESIGN 2.4). Claimed with
 * `for update skip locked`; a failure moves `runAt` on by a growing delay.
 */
export const notificationFanouts = pgTable(
  "notification_fanouts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, string | number | null>>().notNull(),
    dedupeKey: text().notNull(),
    /** The last member id done. */
    cursor: integer().notNull().default(0),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("notification_fanouts_dedupe_uq").on(t.dedupeKey),
    index("notification_fanouts_due_idx").on(t.runAt).where(sql`${t.doneAt} is null`),
  ],
);

/**
 * One push (to one subscription) or one email of a notification, sent by the queue job: claimed
 * by a lease (`lockedUntil`) so the sending happens outside any transaction, retried with a growing
 * delay, done once.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: integer()
      .notNull()
      .references(() => notifications.id),
    channel: text().notNull(),
    subscriptionId: integer().references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    runAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notification_deliveries_uq").on(
      t.notificationId,
      t.channel,
      sql`coalesce(${t.subscriptionId}, 0)`,
    ),
    index("notification_deliveries_due_idx").on(t.runAt, t.id).where(sql`${t.doneAt} is null`),
  ],
);

/** Addresses that asked for no more emails of a kind sent to anyone's address (group invitations). */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    email: text().notNull(),
    kind: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

/** Settings the server makes itself once and every process shares (the VAPID keys). */
export const serverSettings = pgTable("server_settings", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
