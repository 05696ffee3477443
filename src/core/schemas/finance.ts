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
  /** Card refunds of deposits, booked: the dollars paid back to the card, counted by refund. */
  cardRefunds: countAndUsd.extend({
    /** Of the amount: taken from the members' wallets; the rest was paid by chargeback losses. */
    fromWallets: moneyStringSchema,
    fromLosses: moneyStringSchema,
  }),
  /** Disputes (chargebacks) of deposits, booked, counted by dispute. */
  chargebacks: z.object({
    count: z.number().int(),
    /** Taken back to the card (from wallets and from chargeback losses). */
    amount: moneyStringSchema,
    /** Given back by won disputes, and how many were won. */
    returned: moneyStringSchema,
    won: z.number().int(),
    net: moneyStringSchema,
  }),
  /**
   * Card refunds and disputes of memberships and FitCoin purchases: only flagged for an admin
   * (Payment Monitor), never booked, so the revenue and purchases above still count them.
   */
  unbookedCardReversals: countAndUsd.extend({ open: z.number().int() }),
  /** In-app returns to members: entry fees and contributions given back, failed gift cards. */
  returnedToMembers: z.object({ count: z.number().int(), fitcoins: z.number(), points: z.number().int() }),
  adminGrants: countAndFitcoins.extend({
    reversals: countAndFitcoins,
    /** Granted minus reversed. */
    net: z.number(),
  }),
  giftCards: z.object({
    issued: z.number().int(),
    faceValue: moneyStringSchema,
    /** FitCoin cards, paid from the USD reserve. */
    fitcoinCards: countAndUsd,
    /** Points cards, paid from the marketing budget. */
    pointsCards: countAndUsd,
    /** The payable's balance at `balancesAt`. */
    owedToProvider: moneyStringSchema,
  }),
  /** What the range cost the business beyond revenue: net of anything put back. */
  costs: z.object({
    /** Spent from the marketing budget (points gift cards). */
    marketingBudget: moneyStringSchema,
    /** Refunds and disputes beyond what members' wallets held, less what won disputes recovered. */
    chargebackLosses: moneyStringSchema,
    total: moneyStringSchema,
  }),
  /** The instant the balances are those of: the end of the range, or now when the range reaches past now. */
  balancesAt: z.string(),
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
export const RECONCILIATION_STATUSES = ["running", "succeeded", "partial", "failed"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const reconciliationFindingSchema = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  paymentIntentId: z.string(),
  purpose: z.string(),
  amount: moneyStringSchema,
  /** Booked by this run; false when another path booked it first, or when booking it failed. */
  recovered: z.boolean(),
  /** Why booking it failed (a short message; the next run tries again); null when it did not fail. */
  error: z.string().nullable(),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const reconciliationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** partial: it ran to the end, but some payments could not be booked (their findings say why). */
  status: z.enum(RECONCILIATION_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  usersScanned: z.number().int().nullable(),
  missingCount: z.number().int(),
  recoveredCount: z.number().int(),
  recoveredAmount: moneyStringSchema,
  /** Missing payments this run could not book. */
  failedCount: z.number().int(),
  /** At most MAX_STORED_FINDINGS are kept: fewer than `missingCount` when the list was cut. */
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
