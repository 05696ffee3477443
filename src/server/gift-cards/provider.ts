import { randomInt } from "node:crypto";
import { SANDBOX_GIFT_CARD_PREFIX } from "../../core/constants";

/**
 * Who issues gift cards (DESIGN 1, gift-card fulfilment): the built-in sandbox, or Tremendous
 * (tremendous.ts). `reference` is our redemption's own random external id (its `orderReference`):
 * the provider places one order per reference, so a retried or repeated order never buys a second
 * card.
 */
export type GiftCardOrder = {
  reference: string;
  brand: string;
  valueCents: number;
  recipientName: string;
  recipientEmail: string;
  /** The provider's product for this card; null: the configured campaign's products. */
  productId: string | null;
};

/**
 * Whom and what an order at the provider is for. An order found under our reference is ours only
 * if these match the redemption (redemption-outcome.ts): another database's order (a restored
 * backup, a staging copy on the same account) may carry the same external id.
 */
export type GiftCardOrderFacts = {
  providerReference: string;
  rewardId: string | null;
  recipientEmail: string | null;
  valueCents: number | null;
};

/**
 * Where an order stands at the provider. delivered: the card is the member's (a code, a link or
 * both). pending: the provider has the order and has not delivered it yet; `hold` says why when
 * it waits on something (an approval at the provider; a delivery that failed, which only
 * cancelling ends). failed: the order failed or was cancelled for good, nothing can be spent.
 * missing: the provider has no such order.
 */
export type GiftCardOrderState =
  | ({ status: "delivered"; code: string | null; link: string | null } & GiftCardOrderFacts)
  | ({
      status: "pending";
      link: string | null;
      hold: "approval" | "delivery_failed" | null;
    } & GiftCardOrderFacts)
  | ({ status: "failed"; reason: string } & GiftCardOrderFacts)
  | { status: "missing" };

export type PlacedGiftCardOrder = Exclude<GiftCardOrderState, { status: "missing" }>;
export type DeliveredGiftCard = Extract<GiftCardOrderState, { status: "delivered" }>;
export type PendingGiftCardOrder = Extract<GiftCardOrderState, { status: "pending" }>;

/**
 * What trying to stop an order that is still pending came to: stopped (nothing can be spent any
 * more: refund), issued (the member has the card after all, e.g. already redeemed its link), or
 * refused (the provider keeps it going; `reason` says what an admin can do).
 */
export type GiftCardStopOutcome =
  | { outcome: "stopped" }
  | { outcome: "issued"; card: DeliveredGiftCard }
  | { outcome: "refused"; reason: string };

/**
 * The provider refused the order for good (unknown product, value not offered, account limits):
 * nothing was issued, so the redemption is refunded. Any other error (a timeout, a dropped
 * connection, a bad API key) may have issued the card or may pass: the order is retried with the
 * same reference instead.
 */
export class GiftCardRejectedError extends Error {}

/**
 * The provider never answered (a timeout, a dropped connection): unlike an error it answered with,
 * the request may still be worked on there, and an order request may still make its order later.
 */
export class GiftCardNoAnswerError extends Error {}

/** What a provider's webhook names, and how to learn which order (our reference) it is about. */
export type GiftCardWebhooks = {
  /** The key that signs the provider's webhooks; unset: they are refused and polling alone learns. */
  readonly secret: string | undefined;
  /** The external id (our reference) of the order a webhook's resource belongs to, if any. */
  referenceOf(resource: { type: string; id: string }): Promise<string | null>;
};

export interface GiftCardProvider {
  readonly name: string;
  /** How the member gets the card: a code, or a link to it (what the texts promise before it is placed). */
  readonly delivers: "code" | "link";
  /**
   * How long after a request to place an order the provider may still make that order although its
   * answer never came (we stopped waiting): an admin's refund waits this long after the last
   * request (issue 29). Unset: the provider makes its orders before it answers (the sandbox).
   */
  readonly lateOrderMs?: number;
  /** Places the order of `order.reference` (or answers the one placed before under it). */
  issue(order: GiftCardOrder): Promise<PlacedGiftCardOrder>;
  /**
   * Reads where an order stands, changing nothing at the provider: by its order id when we know it,
   * else by our reference. `withLink` asks for a link for a delivered card (only when none is stored).
   */
  lookup(
    order: { reference: string; orderId: string | null },
    options?: { withLink?: boolean },
  ): Promise<GiftCardOrderState>;
  /** Tries to stop a pending order (reject it while it waits for approval, cancel a failed delivery). */
  stop(order: PendingGiftCardOrder, options?: { withLink?: boolean }): Promise<GiftCardStopOutcome>;
  /** Present when the provider sends signed webhooks (Tremendous). */
  readonly webhooks?: GiftCardWebhooks;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function codeGroup(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/**
 * The built-in provider: issues a code at once, like a provider's sandbox. The same reference
 * answers the same code, as a real provider's idempotent order would.
 */
export function createSandboxGiftCardProvider(): GiftCardProvider {
  const issued = new Map<string, PlacedGiftCardOrder>();
  return {
    name: "sandbox",
    delivers: "code",
    async issue(order) {
      const seen = issued.get(order.reference);
      if (seen) return seen;
      const prefix = order.brand
        .replace(/[^A-Za-z]/g, "")
        .slice(0, 4)
        .toUpperCase()
        .padEnd(4, "X");
      const card: PlacedGiftCardOrder = {
        status: "delivered",
        code: `${prefix}-${codeGroup(4)}-${codeGroup(4)}-${codeGroup(4)}`,
        link: null,
        providerReference: `${SANDBOX_GIFT_CARD_PREFIX}${order.reference}`,
        rewardId: null,
        recipientEmail: order.recipientEmail,
        valueCents: order.valueCents,
      };
      issued.set(order.reference, card);
      return card;
    },
    async lookup({ reference }) {
      return issued.get(reference) ?? { status: "missing" };
    },
    async stop() {
      // Its cards are issued at once: nothing of it is ever pending.
      return { outcome: "refused", reason: "The sandbox provider has no pending orders" };
    },
  };
}
