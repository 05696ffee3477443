import { randomInt } from "node:crypto";

/**
 * Who issues gift cards (DESIGN 1, gift-card fulfilment): the built-in sandbox, or Tremendous
 * (tremendous.ts). `reference` is our redemption's stable id (`redemption-<id>`): the provider
 * places one order per reference, so a retried or repeated order never buys a second card.
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
 * Where an order stands at the provider. delivered: the card is the member's (a code, a link or
 * both). pending: the provider has the order and has not delivered it yet. failed: the order
 * failed or was cancelled for good, nothing can be spent: the redemption is refunded. missing:
 * the provider has no order under this reference.
 */
export type GiftCardOrderState =
  | {
      status: "delivered";
      providerReference: string;
      rewardId: string | null;
      code: string | null;
      link: string | null;
    }
  | { status: "pending"; providerReference: string; rewardId: string | null; link: string | null }
  | { status: "failed"; providerReference: string | null; reason: string }
  | { status: "missing" };

export type PlacedGiftCardOrder = Exclude<GiftCardOrderState, { status: "missing" }>;

/** What cancelling an order before a refund found: nothing issued (missing, canceled) or a card. */
export type GiftCardCancelOutcome = "missing" | "canceled" | "issued" | "not_cancelable";

/**
 * The provider refused the order for good (unknown product, value not offered, account limits):
 * nothing was issued, so the redemption is refunded. Any other error (a timeout, a dropped
 * connection, a bad API key) may have issued the card or may pass: the order is retried with the
 * same reference instead.
 */
export class GiftCardRejectedError extends Error {}

export interface GiftCardProvider {
  readonly name: string;
  /** Places the order of `order.reference` (or answers the one placed before under it). */
  issue(order: GiftCardOrder): Promise<PlacedGiftCardOrder>;
  /** The order placed under `reference`; `withLink` asks for a card link when one must be made anew. */
  lookup(reference: string, options?: { withLink?: boolean }): Promise<GiftCardOrderState>;
  /** Cancels the order of `reference` if no card was issued (an admin's refund checks this first). */
  cancel(reference: string): Promise<GiftCardCancelOutcome>;
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
        providerReference: `sbx_${order.reference}`,
        rewardId: null,
      };
      issued.set(order.reference, card);
      return card;
    },
    async lookup(reference) {
      return issued.get(reference) ?? { status: "missing" };
    },
    async cancel(reference) {
      return issued.has(reference) ? "issued" : "missing";
    },
  };
}
