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
