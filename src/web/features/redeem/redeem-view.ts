import { GIFT_CARD_TIERS, RECENT_REDEMPTIONS } from "../../../core/constants";
import type { FitcoinRedemptionDetail, GiftCardOffer } from "../../../core/schemas/rewards";

/** What the FitCoin redemption page shows (specification 3 sections 2, 4, 5 and 9). */

export type GiftCardTier = (typeof GIFT_CARD_TIERS)[number];

export interface TierOption {
  tier: GiftCardTier;
  /** The gift card's value in dollars, "50.00". */
  value: string;
  /** Its price in FitCoins, as the offer sets it. */
  price: number;
}

/** The offer's $50 and $100 options at the offer's own prices. */
export function tierOptions(offer: GiftCardOffer): TierOption[] {
  return [
    { tier: 50, value: offer.value50, price: offer.fitcoins50 },
    { tier: 100, value: offer.value100, price: offer.fitcoins100 },
  ];
}

/** FitCoins are numbers like 42.5: compared in hundredths so 49.99 + 0.01 is exactly 50. */
const hundredths = (fitcoins: number) => Math.round(fitcoins * 100);

export function canAffordFitcoins(balance: number, price: number): boolean {
  return hundredths(balance) >= hundredths(price);
}

/** FitCoins still missing for `price` (0 when the balance covers it). */
export function fitcoinsShort(balance: number, price: number): number {
  return Math.max(0, hundredths(price) - hundredths(balance)) / 100;
}

/**
 * Whether to prompt for more FitCoins: the balance is under the cheapest option (50 FitCoins by
 * default, the offer's own price when it sets another one).
 */
export function needsMoreFitcoins(balance: number, offer: GiftCardOffer | null | undefined): boolean {
  const cheapest = offer ? Math.min(offer.fitcoins50, offer.fitcoins100) : GIFT_CARD_TIERS[0];
  return !canAffordFitcoins(balance, cheapest);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "July 2026" for "2026-07"; the text as sent when it is not a YYYY-MM month. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * FitCoin redemption status: fulfilled green, pending amber, anything else red (specification 3
 * section 4). The server answers "delivered" when the provider issued the code at once: that is
 * fulfilled too.
 */
export function fitcoinStatusTone(status: string): "success" | "pending" | "danger" {
  if (status === "fulfilled" || status === "delivered") return "success";
  if (status === "pending") return "pending";
  return "danger";
}

/** The latest 5 redemptions (the server answers them latest first). */
export function recentRedemptions(redemptions: FitcoinRedemptionDetail[]): FitcoinRedemptionDetail[] {
  return redemptions.slice(0, RECENT_REDEMPTIONS);
}
