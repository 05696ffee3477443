import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One global deposit reconciliation (the daily job or an admin's Global Reconcile): when it ran,
 * who started it (null admin: the scheduler), what it counted and what it found, so an operator
 * reads the runs on the Finance page rather than in the server log.
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** "scheduled" | "admin" */
    trigger: text().notNull(),
    adminId: integer().references(() => users.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while the run is under way (or when its process died midway). */
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * "running" | "succeeded" | "partial" (some payments could not be booked) | "failed" (it stopped:
     * the provider could not be asked, or its process died and `markStaleRuns` closed it).
     */
    status: text().notNull(),
    usersScanned: integer(),
    missingCount: integer().notNull().default(0),
    recoveredCount: integer().notNull().default(0),
    /** A month of lost payments can pass 2^31 cents. */
    recoveredCents: bigint({ mode: "number" }).notNull().default(0),
    /** Missing payments whose booking failed (each also a finding with its error). */
    failedCount: integer().notNull().default(0),
    /** Each payment found missing: member, provider id, amount, booked now or not, the error if any. */
    findings: jsonb().$type<unknown[]>().notNull().default([]),
    /** Why the run stopped: a short message, never a query or its parameters. */
    error: text(),
  },
  (t) => [index("reconciliation_runs_started_idx").on(t.startedAt.desc(), t.id.desc())],
);
