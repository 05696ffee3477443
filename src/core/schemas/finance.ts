import { z } from "zod";
import { dbIdParamSchema } from "./common";
import { moneyReasonSchema, moneyStringSchema } from "./money";

/*
 * The operator's books (issue 23, items 3 and 4): admin grants with a reason and their reversal,
 * the finance view over a date range, the ledger export and the reconciliation runs.
 */

/** POST /api/admin/transfers/:id/reverse. */
export const reverseGrantBodySchema = z.object({ reason: moneyReasonSchema });
export type ReverseGrantBody = z.infer<typeof reverseGrantBodySchema>;

export const reverseGrantResultSchema = z.object({
  message: z.string(),
  /** The counter-transfer. */
  transferId: z.number().int(),
  fitcoins: z.number(),
});
export type ReverseGrantResult = z.infer<typeof reverseGrantResultSchema>;

/** The longest range the finance view and the export answer (a year, leap day included). */
export const FINANCE_MAX_RANGE_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the range: an ISO date (the start of that day in UTC) or an ISO instant with its
 * offset. The screen sends instants computed in the admin's time zone.
 */
const bound = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .refine(
      (v) =>
        (DATE_ONLY.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success) && instantOf(v) !== null,
      `${name} must be an ISO 8601 date or date and time`,
    )
    .transform((v) => instantOf(v) as Date);

function instantOf(v: string): Date | null {
  const d = new Date(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v);
  // "2026-02-30" parses to March: refuse dates that do not exist.
  if (Number.isNaN(d.getTime())) return null;
  if (DATE_ONLY.test(v) && d.toISOString().slice(0, 10) !== v) return null;
  return d;
}

/** `from` inclusive, `to` exclusive: [from, to). */
export const financeRangeSchema = z
  .object({ from: bound("from"), to: bound("to") })
  .superRefine(({ from, to }, ctx) => {
    // A bound refused above reaches here untransformed: its own issue says enough.
    if (!(from instanceof Date) || !(to instanceof Date)) return;
    if (from.getTime() >= to.getTime()) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "to must be after from" });
    } else if (to.getTime() - from.getTime() > FINANCE_MAX_RANGE_DAYS * DAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `The range can be at most ${FINANCE_MAX_RANGE_DAYS} days`,
      });
    }
  });
export type FinanceRange = z.infer<typeof financeRangeSchema>;

const countAndUsd = z.object({ count: z.number().int(), amount: moneyStringSchema });
const countAndFitcoins = z.object({ count: z.number().int(), fitcoins: z.number() });

/** GET /api/admin/finance: dollars as "12.50", FitCoins as numbers, points as whole numbers. */
export const financeSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.object({
    subscriptions: moneyStringSchema,
    conversionFees: moneyStringSchema,
    purchaseFees: moneyStringSchema,
    total: moneyStringSchema,
  }),
  deposits: countAndUsd,
  /** FitCoins bought by card (the dollars that reached the reserve and the fees). */
  cardPurchases: countAndUsd,
  refunds: z.object({ count: z.number().int(), fitcoins: z.number(), points: z.number().int() }),
  chargebacks: z.object({
    count: z.number().int(),
    /** Taken back to the card (from wallets and from chargeback losses). */
    amount: moneyStringSchema,
    /** Given back by won disputes. */
    returned: moneyStringSchema,
    net: moneyStringSchema,
  }),
  adminGrants: countAndFitcoins.extend({
    reversals: countAndFitcoins,
    /** Granted minus reversed. */
    net: z.number(),
  }),
  giftCards: z.object({
    issued: z.number().int(),
    faceValue: moneyStringSchema,
    /** The payable's balance at the end of the range. */
    owedToProvider: moneyStringSchema,
  }),
  /** At the end of the range. */
  balances: z.object({
    usdReserve: moneyStringSchema,
    fitcoinsOutstanding: z.number(),
    fitcoinsInPools: z.number(),
    pointsOutstanding: z.number().int(),
    walletUsd: moneyStringSchema,
  }),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const RECONCILIATION_TRIGGERS = ["scheduled", "admin"] as const;

export const reconciliationFindingSchema = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  paymentIntentId: z.string(),
  purpose: z.string(),
  amount: moneyStringSchema,
  /** Booked by this run; false when another path booked it first. */
  recovered: z.boolean(),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const reconciliationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  status: z.enum(["running", "succeeded", "failed"]),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  usersScanned: z.number().int().nullable(),
  missingCount: z.number().int(),
  recoveredCount: z.number().int(),
  recoveredAmount: moneyStringSchema,
  findings: z.array(reconciliationFindingSchema),
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationRunsQuerySchema = z.object({
  /** The id of the last run of the previous page. */
  cursor: dbIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const reconciliationRunsPageSchema = z.object({
  items: z.array(reconciliationRunSchema),
  nextCursor: z.number().int().nullable(),
});
export type ReconciliationRunsPage = z.infer<typeof reconciliationRunsPageSchema>;
