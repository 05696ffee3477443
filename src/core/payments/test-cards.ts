/**
 * Stripe's published test card numbers and what the sandbox provider does with each.
 * Any other number is refused as an invalid number, as a real card network would.
 */
export type CardOutcome = { ok: true } | { ok: false; code: string; declineCode?: string };

const OUTCOMES: Record<string, CardOutcome> = {
  "4242424242424242": { ok: true },
  "4000056655665556": { ok: true },
  "5555555555554444": { ok: true },
  "2223003122003222": { ok: true },
  "5200828282828210": { ok: true },
  "378282246310005": { ok: true },
  "6011111111111117": { ok: true },
  "4000000000000002": { ok: false, code: "card_declined", declineCode: "generic_decline" },
  "4000000000009995": { ok: false, code: "card_declined", declineCode: "insufficient_funds" },
  "4000000000009987": { ok: false, code: "card_declined", declineCode: "lost_card" },
  "4000000000009979": { ok: false, code: "card_declined", declineCode: "stolen_card" },
  "4100000000000019": { ok: false, code: "card_declined", declineCode: "fraudulent" },
  "4000000000000069": { ok: false, code: "expired_card" },
  "4000000000000127": { ok: false, code: "incorrect_cvc" },
  "4000000000000119": { ok: false, code: "processing_error" },
};

export type CardInput = { cardNumber: string; expiry: string; cvc: string };

/** Decides a sandbox card payment. `now` decides whether the expiry date has passed. */
export function evaluateTestCard(input: CardInput, now: Date): CardOutcome {
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return { ok: false, code: "incorrect_number" };
  if (digits.length < 15) return { ok: false, code: "incomplete_number" };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) return { ok: false, code: "invalid_expiry" };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, code: "invalid_expiry" };
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, code: "expired_card" };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, code: "incorrect_cvc" };
  return OUTCOMES[digits] ?? { ok: false, code: "incorrect_number" };
}
