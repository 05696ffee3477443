import { randomInt } from "node:crypto";

/**
 * Who issues gift-card codes (DESIGN 1, gift-card fulfilment). A real provider (Tango, Tremendous
 * and the like) takes the same request; `reference` is our redemption's key, which providers use
 * to issue a retried order once.
 */
export type GiftCardOrder = {
  reference: string;
  brand: string;
  valueCents: number;
  recipientEmail: string;
};

export type IssuedGiftCard = {
  code: string;
  providerReference: string;
  /** delivered: the code is final and can be shown and emailed at once. */
  status: "delivered";
};

/**
 * The provider refused the order for good (unknown brand, value not offered, account limits):
 * nothing was issued, so the redemption is refunded. Any other error (a timeout, a dropped
 * connection) may have issued the card: the order is retried with the same reference instead.
 */
export class GiftCardRejectedError extends Error {}

export interface GiftCardProvider {
  readonly name: string;
  issue(order: GiftCardOrder): Promise<IssuedGiftCard>;
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
  const issued = new Map<string, IssuedGiftCard>();
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
      const card: IssuedGiftCard = {
        code: `${prefix}-${codeGroup(4)}-${codeGroup(4)}-${codeGroup(4)}`,
        providerReference: `sbx_${order.reference}`,
        status: "delivered",
      };
      issued.set(order.reference, card);
      return card;
    },
  };
}
