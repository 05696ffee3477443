import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ledgerTransfers } from "./ledger";
import { users } from "./users";

/**
 * What the points job has awarded for a member's local day (DESIGN 1, points): the full 500-step
 * blocks paid and the highest daily milestone paid. Read and written under the member's points
 * lock, so an award is the difference between the day's total and what this row says was paid.
 */
export const pointsDays = pgTable(
  "points_days",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    blocksPaid: integer().notNull().default(0),
    milestonePaid: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

/** The points gift-card catalogue (seeded by migration 0009). */
export const rewardGiftCards = pgTable("reward_gift_cards", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  brand: text().notNull(),
  valueCents: integer().notNull(),
  pointCost: integer().notNull(),
  description: text().notNull(),
  imageUrl: text(),
  active: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  /** The gift-card provider's product for this card (Tremendous product id); null: its campaign's. */
  providerProductId: text(),
});

/**
 * A gift card bought with points or FitCoins. `currency` says which: PTS (points catalogue,
 * `giftCardId`) or FC (Gift Card of the Month, `offerId`). `requestKey` makes a retried request
 * find the redemption it already made.
 */
export const giftCardRedemptions = pgTable(
  "gift_card_redemptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    currency: text().notNull(),
    giftCardId: integer().references(() => rewardGiftCards.id),
    offerId: integer().references(() => giftCardOffers.id),
    brand: text().notNull(),
    name: text().notNull(),
    valueCents: integer().notNull(),
    /** Points, or hundredths of a FitCoin. */
    cost: bigint({ mode: "number" }).notNull(),
    deliveryEmail: text().notNull(),
    /**
     * The order's external id at the provider, random per redemption: `redemption-<id>` alone would
     * name another database's order too (a restored backup, a staging copy on the same account).
     * Rows from before this column keep `redemption-<id>` (migration 0027).
     */
    orderReference: text()
      .notNull()
      .default(sql`('redemption-' || replace(gen_random_uuid()::text, '-', ''))`),
    /**
     * pending (paid, no order known to the provider yet) | issuing (a process holds the claim and is
     * placing or checking the order) | ordered (the provider has the order, not delivered yet) |
     * delivered (points card) / fulfilled (FitCoin card): the card is the member's | failed (refunded)
     */
    status: text().notNull().default("pending"),
    claimedAt: timestamp({ withTimezone: true }),
    giftCardCode: text(),
    /** The provider's link to the card (Tremendous LINK delivery); shown once delivered. */
    giftCardLink: text(),
    /** The provider's order id (Tremendous) or the sandbox's reference. */
    providerReference: text(),
    /** The provider's reward id inside the order (Tremendous), to cancel it or make a new link. */
    providerRewardId: text(),
    /** The provider's product, fixed when the member redeemed (null: the configured campaign's). */
    providerProductId: text(),
    /**
     * When the last request to place the order went out: a request whose answer never came may
     * still make the order at the provider for a while after, so a refund waits that long (issue 29).
     */
    orderRequestedAt: timestamp({ withTimezone: true }),
    /**
     * When the provider delivered a card for this redemption after it was refunded (an order made
     * late): the card's link is kept and the admin queue shows it, for an admin to settle with the member.
     */
    lateCardAt: timestamp({ withTimezone: true }),
    /** Orders placed or checked with the provider, and the last unclear failure, for the admin queue. */
    attempts: integer().notNull().default(0),
    /** Unclear failures in a row (reset by any clear answer): what the retry delay grows with. */
    errorStreak: integer().notNull().default(0),
    lastError: text(),
    /** When the fulfilment job next looks at this redemption (place the order, or ask its status). */
    nextCheckAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    transferId: bigint({ mode: "number" }).references(() => ledgerTransfers.id),
    requestKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("gift_card_redemptions_request_uq").on(t.requestKey),
    uniqueIndex("gift_card_redemptions_order_reference_uq").on(t.orderReference),
    index("gift_card_redemptions_user_idx").on(t.userId, t.currency, t.id),
    index("gift_card_redemptions_open_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('pending', 'issuing', 'ordered')`),
    index("gift_card_redemptions_failed_idx").on(t.id).where(sql`${t.status} = 'failed'`),
    check("gift_card_redemptions_currency", sql`${t.currency} in ('PTS', 'FC')`),
  ],
);

/**
 * Gift Card of the Month offers; the database allows one active offer at a time. A scheduled
 * offer becomes the active one when its month (UTC) starts, one scheduled offer per month; an
 * offer stops being offered when its month ends (the rewards job clears the flag, and reads check
 * the month meanwhile). Each FitCoin price covers its card's dollar value (both in hundredths).
 */
export const giftCardOffers = pgTable(
  "gift_card_offers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    month: text().notNull(),
    brand: text().notNull(),
    description: text().notNull(),
    imageUrl: text(),
    value50Cents: integer().notNull(),
    /** Hundredths of a FitCoin. */
    fitcoins50: integer().notNull(),
    value100Cents: integer().notNull(),
    fitcoins100: integer().notNull(),
    isActive: boolean().notNull().default(false),
    scheduled: boolean().notNull().default(false),
    /** The gift-card provider's product for this offer (Tremendous product id); null: its campaign's. */
    providerProductId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gift_card_offers_one_active_uq").on(t.isActive).where(sql`${t.isActive}`),
    uniqueIndex("gift_card_offers_one_scheduled_uq").on(t.month).where(sql`${t.scheduled}`),
    check("gift_card_offers_active_or_scheduled", sql`not (${t.isActive} and ${t.scheduled})`),
    // 1 FitCoin is worth $1 of gift card (DESIGN 1): a card priced below its value is given away.
    check(
      "gift_card_offers_price_covers_value",
      sql`${t.fitcoins50} >= ${t.value50Cents} and ${t.fitcoins100} >= ${t.value100Cents}`,
    ),
  ],
);

/** A member's unlocked achievements; `viewedAt` null means the celebration is still due. */
export const userAchievements = pgTable(
  "user_achievements",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: text().notNull(),
    unlockedAt: timestamp({ withTimezone: true }).notNull(),
    viewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);
