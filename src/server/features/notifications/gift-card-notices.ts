import type { NotifyInput } from "./notify";

/*
 * The gift-card notifications, for the redemption lifecycle to pass to notify() where a card is
 * delivered or its order fails (in the transaction that records it): each once per redemption.
 */

type Redemption = {
  userId: number;
  redemptionId: number;
  brand: string;
  /** The card's face value in dollars, as "25.00". */
  value: string;
  /** Where the member's redemptions are listed: /points for points cards, /redeem for FitCoin ones. */
  link: "/points" | "/redeem";
};

export const giftCardDelivered = (r: Redemption): NotifyInput => ({
  userId: r.userId,
  kind: "gift_card_delivered",
  title: `Your $${r.value} ${r.brand} gift card is here`,
  body: "Its code is under your redemptions, and on its way by email.",
  link: r.link,
  dedupeKey: `gift_card_delivered:redemption:${r.redemptionId}:user:${r.userId}`,
});

/** `refunded`: what came back, as the member reads it ("50.00 FitCoins", "2,500 points"). */
export const giftCardRefunded = (r: Redemption & { refunded: string }): NotifyInput => ({
  userId: r.userId,
  kind: "refund_gift_card",
  title: `Your $${r.value} ${r.brand} gift card could not be issued`,
  body: `The order failed, so your ${r.refunded} came back to you.`,
  link: r.link,
  dedupeKey: `refund_gift_card:redemption:${r.redemptionId}:user:${r.userId}`,
});
