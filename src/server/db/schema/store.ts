import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A gear-store product with its affiliate link (DESIGN 1, store). Prices in cents. */
export const marketplaceItems = pgTable(
  "marketplace_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    brand: text().notNull(),
    description: text().notNull(),
    priceCents: integer().notNull(),
    imageUrl: text().notNull(),
    category: text().notNull(),
    affiliateLink: text().notNull(),
    featured: boolean().notNull().default(false),
    /** Tenths of a star: 45 is 4.5. */
    ratingTenths: integer(),
    reviewCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("marketplace_items_price_positive", sql`${t.priceCents} > 0`),
    check(
      "marketplace_items_rating_range",
      sql`${t.ratingTenths} is null or ${t.ratingTenths} between 10 and 50`,
    ),
    check("marketplace_items_review_count", sql`${t.reviewCount} >= 0`),
    check(
      "marketplace_items_category",
      sql`${t.category} in ('shoes', 'clothing', 'equipment', 'supplements', 'accessories')`,
    ),
  ],
);

/**
 * An advertisement for one placement (DESIGN 1, ads): shown while active and inside its optional
 * window, highest priority first; views and clicks are counted by increments.
 */
export const ads = pgTable(
  "ads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    content: text().notNull(),
    imageUrl: text(),
    linkUrl: text(),
    placement: text().notNull(),
    priority: integer().notNull().default(0),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    viewCount: integer().notNull().default(0),
    clickCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("ads_placement_active_idx").on(t.placement, t.priority).where(sql`${t.isActive}`),
    check("ads_placement", sql`${t.placement} in ('dashboard', 'sidebar', 'footer', 'between-content')`),
    check("ads_window", sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} > ${t.startDate}`),
  ],
);
