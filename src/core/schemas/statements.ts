import { z } from "zod";
import { transactionSchema } from "./money";
import { pointTransactionSchema } from "./rewards";

/*
 * Members' statements (issue 23, item 5): the wallet, FitCoin and points histories page past the
 * newest 100 by cursor, and the statement downloads as CSV. The specification's list calls
 * (GET /api/transactions, GET /api/points/transactions) answer bare arrays, so they stay as they are
 * (the newest 100) and the pages come from `/page` beside them: { items, nextCursor }.
 */

export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 100;

const CURSOR_MESSAGE = "Cursor must be the nextCursor of a previous page";

/**
 * The id of the last line of the previous page; the next page holds the lines older than it.
 * Ledger transfer ids are bigint, so the bound is the largest safe integer, not int4's.
 */
export const historyCursorSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, CURSOR_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, CURSOR_MESSAGE));

const pageLimitSchema = z.coerce
  .number()
  .int()
  .min(1, `Limit must be from 1 to ${HISTORY_PAGE_MAX}`)
  .max(HISTORY_PAGE_MAX, `Limit must be from 1 to ${HISTORY_PAGE_MAX}`)
  .default(HISTORY_PAGE_DEFAULT);

/** GET /api/transactions/page: `currency` FC alone is the FitCoin history. */
export const transactionPageQuerySchema = z.object({
  cursor: historyCursorSchema.optional(),
  limit: pageLimitSchema,
  currency: z.enum(["USD", "FC"], { error: "Currency must be USD or FC" }).optional(),
});
export type TransactionPageQuery = z.infer<typeof transactionPageQuerySchema>;

export const pointTransactionPageQuerySchema = z.object({
  cursor: historyCursorSchema.optional(),
  limit: pageLimitSchema,
});
export type PointTransactionPageQuery = z.infer<typeof pointTransactionPageQuerySchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.number().int().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const pointTransactionPageSchema = z.object({
  items: z.array(pointTransactionSchema),
  nextCursor: z.number().int().nullable(),
});
export type PointTransactionPage = z.infer<typeof pointTransactionPageSchema>;

const DATE_MESSAGE = "Dates must be YYYY-MM-DD";
const localDateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, DATE_MESSAGE)
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    DATE_MESSAGE,
  );

/**
 * GET /api/transactions.csv: the member's statement. `from` and `to` are days of the member's own
 * time zone, both included; either may be left out (from the first line, up to now). `currency`
 * picks one currency (PTS: points); without it the statement holds dollars and FitCoins, as the
 * wallet's history does.
 */
export const statementQuerySchema = z
  .object({
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    currency: z.enum(["USD", "FC", "PTS"], { error: "Currency must be USD, FC or PTS" }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The statement's columns, in order. */
export const STATEMENT_COLUMNS = [
  /** Headed "Date (<the member's time zone>)": ISO 8601 on their clock, with its offset. */
  "Date",
  "Type",
  "Description",
  "Amount",
  "Currency",
  "Balance after",
  /** wallet, points, or card: paid by card directly, the member's balance never moved. */
  "Source",
] as const;
