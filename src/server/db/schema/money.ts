import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The sandbox provider's payment intents (Stripe keeps its own): a deposit or a FitCoin purchase
 * the member is asked to pay by card. The client secret is the checkout page's capability.
 */
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    /** deposit | fitcoins */
    purpose: text().notNull(),
    /** requires_payment_method | succeeded | failed */
    status: text().notNull().default("requires_payment_method"),
    clientSecret: text().notNull(),
    /** The code of the last declined card, as Stripe keeps last_payment_error. */
    lastErrorCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sandbox_payment_intents_client_secret_uq").on(t.clientSecret),
    index("sandbox_payment_intents_user_idx").on(t.userId, t.createdAt),
    index("sandbox_payment_intents_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Where a member wants winnings paid. Only the last four digits of the account number are kept:
 * the full number never reaches the database.
 */
export const bankingDetails = pgTable("banking_details", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bankName: text().notNull(),
  /** checking | savings */
  accountType: text().notNull(),
  routingNumber: text().notNull(),
  accountLast4: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** When each periodic job last ran, claimed with a conditional update so one process runs it. */
export const jobRuns = pgTable("job_runs", {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Card payments an admin should review: a refund or dispute the ledger could not reverse in full
 * from the member's wallet (the shortfall went to chargeback losses), or one on a payment that
 * is not reversed automatically (a FitCoin purchase, a membership). One row per refund or dispute.
 */
export const paymentFlags = pgTable(
  "payment_flags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** The payment refunded or disputed (Stripe: the payment intent). */
    providerPaymentId: text().notNull(),
    /** deposit | fitcoins | subscription */
    purpose: text().notNull(),
    /** refund | dispute */
    reason: text().notNull(),
    /** The provider's refund or dispute id. */
    reference: text().notNull(),
    amountCents: integer().notNull(),
    /** What the member's wallet could not cover (booked to chargeback losses); 0 when not reversed. */
    shortfallCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_flags_reference_uq").on(t.provider, t.reference),
    index("payment_flags_user_idx").on(t.userId, t.createdAt),
  ],
);
