import { z } from "zod";
import { EMAIL_TEST_TYPES, GIFT_CARD_TIERS } from "../constants";
import { parseMinor } from "../money";
import { offerPriceProblems } from "../rules/offer-month";
import { dbIdSchema } from "./common";
import { fitcoinRedemptionSchema } from "./money";

/*
 * Points, points gift cards, FitCoin redemption, gift-card offers and the email test
 * (specification 3 sections 3, 5, 7 and 8; DESIGN 1). Points are whole numbers; dollar values
 * are decimal strings ("50.00"); FitCoins are numbers (50 or 42.5).
 */

export const EMAIL_REQUIRED_TITLE = "Email Required";
export const EMAIL_REQUIRED_MESSAGE = "Please enter an email address for delivery";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
export const EMAIL_TYPE_REQUIRED_MESSAGE = "Please select an email type";

// ---------------------------------------------------------------- points

export const pointTransactionTypeSchema = z.enum(["earned", "milestone", "bonus", "redemption", "refund"]);
export type PointTransactionType = z.infer<typeof pointTransactionTypeSchema>;

export const pointsSummarySchema = z.object({
  availablePoints: z.number().int(),
  lifetimeEarned: z.number().int(),
  lifetimeSpent: z.number().int(),
  /** Consecutive local days at or above each streak threshold, up to today (or yesterday while today is short). */
  streaks: z.array(z.object({ steps: z.number().int(), days: z.number().int() })),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const pointTransactionSchema = z.object({
  id: z.number().int(),
  type: pointTransactionTypeSchema,
  /** Always positive; `type` says whether it was added or spent. */
  amount: z.number().int(),
  description: z.string(),
  /** steps | milestone | streak | gift_card */
  source: z.string(),
  createdAt: z.string(),
});
export type PointTransaction = z.infer<typeof pointTransactionSchema>;

// ---------------------------------------------------------------- points gift cards

export const giftCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  /** Dollars, "5.00". */
  value: z.string(),
  pointCost: z.number().int(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const redemptionStatusSchema = fitcoinRedemptionSchema.shape.status;

export const pointsRedemptionSchema = z.object({
  id: z.number().int(),
  giftCardName: z.string(),
  value: z.string(),
  pointsSpent: z.number().int(),
  deliveryEmail: z.string(),
  status: redemptionStatusSchema,
  giftCardCode: z.string().nullable(),
  /** The card's page at the provider (Tremendous), once delivered. */
  giftCardLink: z.string().nullable(),
  /** Issued by the built-in sandbox provider: its code buys nothing (the screens say so). */
  sandbox: z.boolean(),
  createdAt: z.string(),
});
export type PointsRedemption = z.infer<typeof pointsRedemptionSchema>;

export const deliveryEmailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

/** POST /api/rewards/redeem (an optional Idempotency-Key header makes a retry redeem once). */
export const redeemPointsBodySchema = z.object({
  giftCardId: dbIdSchema("Choose a gift card"),
  deliveryEmail: deliveryEmailSchema,
});
export type RedeemPointsBody = z.infer<typeof redeemPointsBodySchema>;

export const redeemPointsResultSchema = z.object({
  message: z.string(),
  redemption: pointsRedemptionSchema,
  availablePoints: z.number().int(),
});
export type RedeemPointsResult = z.infer<typeof redeemPointsResultSchema>;

// ---------------------------------------------------------------- gift card of the month

export const giftCardOfferSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  brand: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  value50: z.string(),
  fitcoins50: z.number(),
  value100: z.string(),
  fitcoins100: z.number(),
  /** Offered now: the active offer whose month has not ended. */
  isActive: z.boolean(),
  /** Becomes the active offer when its month (UTC) starts. */
  scheduled: z.boolean(),
  status: z.enum(["active", "scheduled", "inactive"]),
  createdAt: z.string(),
});
export type GiftCardOffer = z.infer<typeof giftCardOfferSchema>;

const MONTH_MESSAGE = "Month must be in YYYY-MM format";

/** A money field of the offer form: a number or decimal string with at most two decimals, above 0; blank means the default. */
const offerAmountSchema = (label: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()])
    .optional()
    .superRefine((v, ctx) => {
      if (v === null || v === undefined || v === "") return;
      const minor = parseMinor(v);
      if (minor === null || minor <= 0 || minor > 100_000_00) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a positive amount with at most 2 decimals`,
        });
      }
    });

export const giftCardOfferFieldsSchema = z.object({
  month: z
    .string({ error: "Month is required" })
    .trim()
    .min(1, "Month is required")
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE),
  brand: z.string({ error: "Brand is required" }).trim().min(1, "Brand is required").max(100),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(1000),
  imageUrl: z.union([z.url("Image URL must be a valid URL").max(2000), z.literal(""), z.null()]).optional(),
  value50: offerAmountSchema("$50 value"),
  fitcoins50: offerAmountSchema("$50 FitCoin price"),
  value100: offerAmountSchema("$100 value"),
  fitcoins100: offerAmountSchema("$100 FitCoin price"),
});

/**
 * The offer form and POST/PUT body. A FitCoin price given with its value may not be below it
 * (1 FitCoin = $1 of gift card); a blank one takes the default or keeps the current amount, so the
 * server checks the amounts it ends up with as well.
 */
export const giftCardOfferBodySchema = giftCardOfferFieldsSchema.superRefine((o, ctx) => {
  const given = (v: number | string | null | undefined) =>
    v === null || v === undefined || v === "" ? null : parseMinor(v);
  const tiers = [
    [given(o.value50), given(o.fitcoins50), "fitcoins50"],
    [given(o.value100), given(o.fitcoins100), "fitcoins100"],
  ] as const;
  for (const [value, price, path] of tiers) {
    if (value === null || price === null) continue;
    const problem = offerPriceProblems({
      value50: path === "fitcoins50" ? value : 0,
      fitcoins50: path === "fitcoins50" ? price : 0,
      value100: path === "fitcoins100" ? value : 0,
      fitcoins100: path === "fitcoins100" ? price : 0,
    })[0];
    if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem.message });
  }
});
export type GiftCardOfferBody = z.infer<typeof giftCardOfferBodySchema>;

export const giftCardTierSchema = z.union(
  GIFT_CARD_TIERS.map((t) => z.literal(t)) as [z.ZodLiteral<50>, z.ZodLiteral<100>],
  { error: "Amount must be 50 or 100" },
);

/** POST /api/fitcoin/redeem (an optional Idempotency-Key header makes a retry redeem once). */
export const redeemFitcoinsBodySchema = z.object({
  giftCardOfferId: dbIdSchema("Choose a gift card offer"),
  amount: giftCardTierSchema,
});
export type RedeemFitcoinsBody = z.infer<typeof redeemFitcoinsBodySchema>;

export const fitcoinRedemptionDetailSchema = fitcoinRedemptionSchema;
export type FitcoinRedemptionDetail = z.infer<typeof fitcoinRedemptionDetailSchema>;

export const redeemFitcoinsResultSchema = z.object({
  message: z.string(),
  redemption: fitcoinRedemptionDetailSchema,
  balance: z.number(),
});
export type RedeemFitcoinsResult = z.infer<typeof redeemFitcoinsResultSchema>;

// ---------------------------------------------------------------- email test

export const emailTestTypeSchema = z.enum(EMAIL_TEST_TYPES, { error: EMAIL_TYPE_REQUIRED_MESSAGE });
export type EmailTestType = z.infer<typeof emailTestTypeSchema>;

export const emailTestResultSchema = z.object({ message: z.string(), to: z.string(), subject: z.string() });
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

/** GET /api/admin/emails: the newest messages of the outbox (DESIGN 1, email). */
export const outboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  transport: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
