import { z } from "zod";
import {
  DEFAULT_PRODUCT_CATEGORY,
  PRODUCT_CATEGORIES,
  PRODUCT_RATING_MAX,
  PRODUCT_RATING_MIN,
} from "../constants";
import { parseMinor } from "../money";

/*
 * The gear store's products (specification 3 sections 3, 5 and 9; DESIGN 1, store). The price is
 * a decimal string of dollars in answers ("129.99") and may be sent as a number or such a string;
 * it is stored in cents. The rating has one decimal, from 1 to 5, or is null.
 */

export const productCategorySchema = z.enum(
  PRODUCT_CATEGORIES.map((c) => c.value) as [(typeof PRODUCT_CATEGORIES)[number]["value"], ...string[]],
  { error: "Category must be one of shoes, clothing, equipment, supplements, accessories" },
);
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]["value"];

export const PRODUCT_PRICE_MAX_CENTS = 10_000_00;
export const PRODUCT_MESSAGES = {
  name: "Name is required",
  brand: "Brand is required",
  description: "Description is required",
  price: "Price must be an amount from $0.01 to $10,000 with at most 2 decimals",
  imageUrl: "Image URL must be a valid URL",
  affiliateLink: "Affiliate link must be a valid URL",
  rating: "Rating must be from 1 to 5 with at most 1 decimal",
  reviewCount: "Review count must be a whole number of 0 or more",
} as const;

/** An http(s) address, or (for images the app serves itself) a path from the site's root. */
export function isWebAddress(text: string, allowRootPath: boolean): boolean {
  // A root path, but not `//host` or `/\host`, which browsers read as another site.
  if (allowRootPath && /^\/(?![/\\])[^\s\\]*$/.test(text)) return true;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.split(" ")[0]} is too long (at most ${max} characters)`);

/** Cents of a price sent as 129.99 or "129.99"; the message when it is none. */
const priceSchema = z
  .union([z.number(), z.string()], { error: PRODUCT_MESSAGES.price })
  .transform((value, ctx) => {
    const minor = parseMinor(value);
    if (minor === null || minor < 1 || minor > PRODUCT_PRICE_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.price });
      return z.NEVER;
    }
    return minor;
  });

/** Tenths of a star (45 for 4.5), or null. */
const ratingSchema = z
  .number({ error: PRODUCT_MESSAGES.rating })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const tenths = Math.round(value * 10);
    if (
      Math.abs(tenths - value * 10) > 1e-9 ||
      tenths < PRODUCT_RATING_MIN * 10 ||
      tenths > PRODUCT_RATING_MAX * 10
    ) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.rating });
      return z.NEVER;
    }
    return tenths;
  });

/** POST /api/admin/marketplace/items and PUT .../{id}: the whole product. */
export const productBodySchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.name, 120),
  brand: requiredText(PRODUCT_MESSAGES.brand, 80),
  description: requiredText(PRODUCT_MESSAGES.description, 2000),
  price: priceSchema,
  imageUrl: z
    .string({ error: PRODUCT_MESSAGES.imageUrl })
    .trim()
    .max(2048, PRODUCT_MESSAGES.imageUrl)
    .refine((v) => isWebAddress(v, true), PRODUCT_MESSAGES.imageUrl),
  category: productCategorySchema.optional().default(DEFAULT_PRODUCT_CATEGORY),
  affiliateLink: z
    .string({ error: PRODUCT_MESSAGES.affiliateLink })
    .trim()
    .max(2048, PRODUCT_MESSAGES.affiliateLink)
    .refine((v) => isWebAddress(v, false), PRODUCT_MESSAGES.affiliateLink),
  featured: z.boolean().optional().default(false),
  rating: ratingSchema,
  reviewCount: z
    .number({ error: PRODUCT_MESSAGES.reviewCount })
    .int(PRODUCT_MESSAGES.reviewCount)
    .min(0, PRODUCT_MESSAGES.reviewCount)
    .max(100_000_000, PRODUCT_MESSAGES.reviewCount)
    .optional()
    .default(0),
  active: z.boolean().optional().default(true),
});
export type ProductBodyInput = z.input<typeof productBodySchema>;
export type ProductBody = z.output<typeof productBodySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  /** Dollars, "129.99". */
  price: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  affiliateLink: z.string(),
  featured: z.boolean(),
  /** 4.5, or null when the product has no rating. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
