import { FEATURED_PRODUCTS_MAX, PRODUCT_CATEGORIES } from "../../../core/constants";
import { formatCount } from "../../../core/numbers";
import type { Product } from "../../../core/schemas/store";

/** What the gear store shows (specification 3 sections 2 and 9): filtering, sections, labels. */

export const ALL_CATEGORIES = "all";
export type CategoryFilter = typeof ALL_CATEGORIES | (typeof PRODUCT_CATEGORIES)[number]["value"];

export const CATEGORY_FILTERS: { value: CategoryFilter; label: string }[] = [
  { value: ALL_CATEGORIES, label: "All" },
  ...PRODUCT_CATEGORIES.map((c) => ({ value: c.value, label: c.label })),
];

/** "Athletic Shoes" for shoes; an unknown category as it is, capitalised. */
export function categoryLabel(category: string): string {
  const known = PRODUCT_CATEGORIES.find((c) => c.value === category);
  if (known) return known.label;
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** The search matches name, brand or description, ignoring case and surrounding spaces. */
export function matchesSearch(product: Product, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  return [product.name, product.brand, product.description].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export interface StoreSections {
  /** Featured products left by the filters, at most FEATURED_PRODUCTS_MAX. */
  featured: Product[];
  /** Every other product left by the filters, featured extras included so none disappears. */
  others: Product[];
  /** Active products before filtering (none at all: "Products will be added soon!"). */
  total: number;
}

/**
 * The store's two sections after the search and the category filter, in the list's order. Only
 * active products are for sale: an admin's list holds the inactive ones too (DESIGN 1, store).
 */
export function splitProducts(
  items: readonly Product[],
  search: string,
  category: CategoryFilter,
): StoreSections {
  const active = items.filter((p) => p.active);
  const shown = active.filter(
    (p) => (category === ALL_CATEGORIES || p.category === category) && matchesSearch(p, search),
  );
  const featured = shown.filter((p) => p.featured).slice(0, FEATURED_PRODUCTS_MAX);
  const featuredIds = new Set(featured.map((p) => p.id));
  return { featured, others: shown.filter((p) => !featuredIds.has(p.id)), total: active.length };
}

export type StarFill = "full" | "half" | "empty";

/** Five stars for a rating, to the nearest half star: 4.3 gives four and a half. */
export function ratingStars(rating: number): StarFill[] {
  const halves = Math.min(10, Math.max(0, Math.round(rating * 2)));
  return Array.from({ length: 5 }, (_, i) => {
    const left = halves - i * 2;
    return left >= 2 ? "full" : left === 1 ? "half" : "empty";
  });
}

/** "(128 reviews)", "(1 review)", "(1,250 reviews)". */
export function reviewsLabel(count: number): string {
  return `(${formatCount(count)} ${count === 1 ? "review" : "reviews"})`;
}
