import { DEFAULT_PRODUCT_CATEGORY } from "../../../core/constants";
import { type Product, type ProductBodyInput, productBodySchema } from "../../../core/schemas/store";
import { ApiError } from "../../lib/api-client";

/**
 * The product form (specification 3 section 5): the text the inputs hold, checked with the
 * route's own schema so the messages are the server's (PRODUCT_MESSAGES), and the body it sends:
 * price as a number, rating as a number or null, reviewCount as a whole number or 0.
 */

export interface ProductFormValues {
  name: string;
  brand: string;
  description: string;
  price: string;
  imageUrl: string;
  affiliateLink: string;
  category: string;
  rating: string;
  reviewCount: string;
  featured: boolean;
  active: boolean;
}

export type ProductField = keyof ProductFormValues;
export type ProductFieldErrors = Partial<Record<ProductField, string>>;

const FIELDS: readonly ProductField[] = [
  "name",
  "brand",
  "description",
  "price",
  "imageUrl",
  "affiliateLink",
  "category",
  "rating",
  "reviewCount",
  "featured",
  "active",
];

function isProductField(path: string): path is ProductField {
  return (FIELDS as readonly string[]).includes(path);
}

/** A new product: equipment, active, not featured. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: "",
    brand: "",
    description: "",
    price: "",
    imageUrl: "",
    affiliateLink: "",
    category: DEFAULT_PRODUCT_CATEGORY,
    rating: "",
    reviewCount: "",
    featured: false,
    active: true,
  };
}

/** An existing product as the edit form shows it. */
export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    brand: product.brand,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    affiliateLink: product.affiliateLink,
    category: product.category,
    rating: product.rating === null ? "" : String(product.rating),
    reviewCount: String(product.reviewCount),
    featured: product.featured,
    active: product.active,
  };
}

/** A typed number; anything else (NaN) is left for the schema to refuse with its message. */
function typedNumber(text: string, pattern: RegExp): number {
  return pattern.test(text) ? Number(text) : Number.NaN;
}

/** The body before checking; the price stays text so that "12.345" is refused, not rounded. */
function draftBody(values: ProductFormValues): Omit<ProductBodyInput, "price"> & { price: string } {
  const rating = values.rating.trim();
  const reviewCount = values.reviewCount.trim();
  return {
    name: values.name.trim(),
    brand: values.brand.trim(),
    description: values.description.trim(),
    price: values.price.trim(),
    imageUrl: values.imageUrl.trim(),
    affiliateLink: values.affiliateLink.trim(),
    category: values.category,
    rating: rating === "" ? null : typedNumber(rating, /^\d+(?:\.\d+)?$/),
    reviewCount: reviewCount === "" ? 0 : typedNumber(reviewCount, /^\d+$/),
    featured: values.featured,
    active: values.active,
  };
}

export type CheckedProduct = { ok: true; body: ProductBodyInput } | { ok: false; errors: ProductFieldErrors };

/** The form checked as the server will check it: the body to send, or one message per field. */
export function checkProductForm(values: ProductFormValues): CheckedProduct {
  const draft = draftBody(values);
  const parsed = productBodySchema.safeParse(draft);
  if (!parsed.success) {
    const errors: ProductFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (isProductField(field) && errors[field] === undefined) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, body: { ...draft, price: Number(draft.price) } };
}

/**
 * A refused save: the 400's details that name a field go beside it; the message is for a toast
 * (the first detail's message, or the error's own).
 */
export function serverFieldErrors(error: unknown): { fields: ProductFieldErrors; message: string | null } {
  const fields: ProductFieldErrors = {};
  if (!(error instanceof ApiError)) return { fields, message: error instanceof Error ? error.message : null };
  const body = error.body as { details?: unknown } | null;
  const details = Array.isArray(body?.details) ? body.details : [];
  for (const detail of details) {
    const path = typeof detail?.path === "string" ? detail.path.split(".")[0] : "";
    const message = typeof detail?.message === "string" ? detail.message : "";
    if (message && isProductField(path) && fields[path] === undefined) fields[path] = message;
  }
  return { fields, message: error.message || null };
}
