import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One account per owner and currency. Balances are integer minor units (cents, hundredths of a
 * FitCoin, whole points). Only system accounts standing for the outside world may go negative.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** "user:12", "system:card_payments", later "competition:5", "group:3" */
    ownerKey: text().notNull(),
    userId: integer().references(() => users.id),
    /** USD | FC */
    currency: text().notNull(),
    balance: bigint({ mode: "number" }).notNull().default(0),
    allowNegative: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_owner_currency_uq").on(t.ownerKey, t.currency),
    index("ledger_accounts_user_idx").on(t.userId),
    check("ledger_accounts_no_overdraft", sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * Every movement of money: `amount` leaves the debit account and arrives in the credit account.
 * `userId` names the member a movement concerns (also for card payments between system accounts).
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    kind: text().notNull(),
    description: text().notNull(),
    userId: integer().references(() => users.id),
    reference: text(),
    idempotencyKey: text(),
    /** The admin who moved this money by hand (a grant, its reversal); null for the app's own moves. */
    actorId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_idempotency_uq").on(t.idempotencyKey),
    // The finance view and the ledger export read a time range (and the movements after it).
    index("ledger_transfers_created_idx").on(t.createdAt),
    index("ledger_transfers_user_idx").on(t.userId, t.id),
    index("ledger_transfers_debit_idx").on(t.debitAccountId),
    index("ledger_transfers_credit_idx").on(t.creditAccountId),
    index("ledger_transfers_kind_idx").on(t.kind, t.id),
    check("ledger_transfers_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_distinct", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);
