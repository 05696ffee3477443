import { z } from "zod";
import { parseMinor } from "../money";

/*
 * The points gift-card catalogue as admins edit it in the app (issue 23, item 6): the cards members
 * redeem points for (GET /api/rewards/gift-cards shows the active ones). A card someone redeemed
 * is never deleted, only deactivated, so their redemption keeps its card.
 */

/** A card's face value: at most $1,000 (a points card is a small reward). */
export const REWARD_CARD_MAX_VALUE_CENTS = 1_000_00;
export const REWARD_CARD_MAX_POINT_COST = 10_000_000;

export const adminRewardGiftCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  /** Dollars, "5.00". */
  value: z.string(),
  pointCost: z.number().int(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** The gift-card provider's product id (Tremendous); null: the provider's campaign decides. */
  providerProductId: z.string().nullable(),
  /** How many times it was redeemed: a redeemed card can be deactivated, not deleted. */
  redemptions: z.number().int(),
});
export type AdminRewardGiftCard = z.infer<typeof adminRewardGiftCardSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const VALUE_MESSAGE = "Value must be an amount from $0.01 to $1,000.00 with at most 2 decimals";

/** The message of a field left out, where the field's own checks would say only "Invalid input". */
const required = (message: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? message : undefined;

const imageUrlSchema = z.union(
  [z.url("Image URL must be a valid URL").max(2000, "Image URL is too long"), z.literal(""), z.null()],
  { error: required("Image URL is required (null or blank for none)") },
);
const sortOrderSchema = z.coerce
  .number<string | number>({ error: "Sort order must be a whole number" })
  .int("Sort order must be a whole number")
  .min(0, "Sort order must be from 0 to 10000")
  .max(10_000, "Sort order must be from 0 to 10000");
const providerProductIdSchema = z.union(
  [
    z
      .string()
      .trim()
      .max(100, "Provider product id must be at most 100 characters")
      .regex(/^[A-Za-z0-9_-]*$/, "Provider product id may hold letters, digits, - and _ only"),
    z.null(),
  ],
  { error: required("Provider product id is required (null or blank for the campaign's)") },
);

/** The fields a card is made of and an edit sets (every one: see the edit schema). */
const cardFields = {
  name: text("Name", 100),
  brand: text("Brand", 100),
  value: z.union([z.number(), z.string().trim()], { error: VALUE_MESSAGE }).refine((v) => {
    const minor = parseMinor(v);
    return minor !== null && minor > 0 && minor <= REWARD_CARD_MAX_VALUE_CENTS;
  }, VALUE_MESSAGE),
  pointCost: z.coerce
    .number({ error: "Point cost must be a whole number" })
    .int("Point cost must be a whole number")
    .min(1, "Point cost must be at least 1")
    .max(REWARD_CARD_MAX_POINT_COST, "Point cost is too large"),
  description: text("Description", 1000),
  imageUrl: imageUrlSchema,
  sortOrder: z
    .union([z.number(), z.string()], { error: required("Sort order is required") })
    .pipe(sortOrderSchema),
  providerProductId: providerProductIdSchema,
};

/** POST /api/admin/reward-gift-cards: a new card; what is left out takes its default (shown, first). */
export const rewardGiftCardBodySchema = z.object({
  ...cardFields,
  imageUrl: imageUrlSchema.optional(),
  sortOrder: sortOrderSchema.default(0),
  providerProductId: providerProductIdSchema.optional(),
  active: z.boolean({ error: "Active must be true or false" }).default(true),
});
export type RewardGiftCardBody = z.infer<typeof rewardGiftCardBodySchema>;
export type RewardGiftCardForm = z.input<typeof rewardGiftCardBodySchema>;

export const ACTIVE_IN_EDIT_MESSAGE = "Active is changed with Activate and Deactivate, not by an edit";

/**
 * PUT /api/admin/reward-gift-cards/{id}: every field, so one left out is an error (400) rather
 * than reset to a default: blank or null clears the image and the provider product. `active` is
 * not part of an edit: the activate and deactivate routes alone change it (each audited as such),
 * so a form opened before another admin deactivated the card cannot put it back on sale.
 */
export const rewardGiftCardEditSchema = z.object({
  ...cardFields,
  active: z.never({ error: ACTIVE_IN_EDIT_MESSAGE }).optional(),
});
export type RewardGiftCardEdit = z.infer<typeof rewardGiftCardEditSchema>;
