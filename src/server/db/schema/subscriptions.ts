import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** One row per member: the state of their monthly membership. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** active | cancel_at_period_end | expired */
    status: text().notNull(),
    provider: text().notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    canceledAt: timestamp({ withTimezone: true }),
    /**
     * When a ban set this membership to end with its period (it was renewing): the record that lets
     * lifting the ban undo exactly that, and nothing a member or the provider decided.
     */
    stoppedByBanAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Webhooks find the member by the provider's ids; the period-end job by status and end.
    index("subscriptions_provider_subscription_idx").on(t.providerSubscriptionId),
    index("subscriptions_provider_customer_idx").on(t.providerCustomerId),
    index("subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
  ],
);

/** A hosted checkout the member was sent to (sandbox page or Stripe Checkout). */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** subscription (deposits come with the money issue) */
    purpose: text().notNull(),
    amountCents: integer().notNull(),
    /** open | complete | expired */
    status: text().notNull().default("open"),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId)],
);

/**
 * Every card payment the provider reported, keyed by the provider's own id so that a webhook,
 * a client confirmation and reconciliation all record it once. The ledger attaches to it.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    /** subscription | deposit | fitcoins (a FitCoin purchase by card) */
    purpose: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("usd"),
    /** succeeded | failed */
    status: text().notNull(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_id_uq").on(t.provider, t.providerPaymentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);
