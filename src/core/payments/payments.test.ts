import { describe, expect, it } from "vitest";
import { cardErrorMessage } from "./card-errors";
import { evaluateTestCard } from "./test-cards";

const NOW = new Date("2026-11-21T12:00:00Z");
const card = (cardNumber: string, expiry = "12/30", cvc = "123") =>
  evaluateTestCard({ cardNumber, expiry, cvc }, NOW);

describe("sandbox test cards", () => {
  it("accepts Stripe's success cards, with spaces or dashes, Amex with 15 digits", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ ok: true });
    expect(card("4242-4242-4242-4242")).toEqual({ ok: true });
    expect(card("378282246310005", "12/30", "1234")).toEqual({ ok: true });
  });

  it("declines the published decline cards with their codes", () => {
    expect(card("4000000000000002")).toEqual({
      ok: false,
      code: "card_declined",
      declineCode: "generic_decline",
    });
    expect(card("4000000000009995")).toEqual({
      ok: false,
      code: "card_declined",
      declineCode: "insufficient_funds",
    });
    expect(card("4100000000000019")).toEqual({ ok: false, code: "card_declined", declineCode: "fraudulent" });
    expect(card("4000000000000069")).toEqual({ ok: false, code: "expired_card" });
  });

  it("refuses unknown, short and non-numeric numbers", () => {
    expect(card("4111111111111112")).toEqual({ ok: false, code: "incorrect_number" });
    expect(card("4242 4242")).toEqual({ ok: false, code: "incomplete_number" });
    expect(card("4242abcd42424242")).toEqual({ ok: false, code: "incorrect_number" });
  });

  it("takes a card as valid through the last day of its expiry month", () => {
    expect(card("4242424242424242", "11/26")).toEqual({ ok: true });
    expect(card("4242424242424242", "10/26")).toEqual({ ok: false, code: "expired_card" });
    expect(card("4242424242424242", "13/30")).toEqual({ ok: false, code: "invalid_expiry" });
    expect(card("4242424242424242", "1230")).toEqual({ ok: false, code: "invalid_expiry" });
    expect(card("4242424242424242", "12/30", "12")).toEqual({ ok: false, code: "incorrect_cvc" });
  });
});

describe("card error texts (specification 3 section 8)", () => {
  it("explains declines by their reason", () => {
    expect(cardErrorMessage("card_declined", "insufficient_funds")).toMatch(/insufficient funds/);
    expect(cardErrorMessage("card_declined", "fraudulent")).toMatch(/bank blocked/);
    expect(cardErrorMessage("card_declined", "blocked")).toMatch(/bank blocked/);
    expect(cardErrorMessage("card_declined", "do_not_honor")).toMatch(/declined by your bank/);
    expect(cardErrorMessage("card_declined", "generic_decline")).toMatch(/declined by your bank/);
    expect(cardErrorMessage("card_declined", "lost_card")).toBe("Card declined (lost card)");
  });

  it("names number problems and falls back to the provider's message", () => {
    expect(cardErrorMessage("incorrect_number")).toMatch(/^Invalid card number/);
    expect(cardErrorMessage("incomplete_number")).toMatch(/^Incomplete card number/);
    expect(cardErrorMessage("insufficient_funds")).toMatch(/^Insufficient funds on your card/);
    expect(cardErrorMessage("something_new", undefined, "Provider says no")).toBe("Provider says no");
    // Codes the spec does not word keep the provider's message; the sandbox words them itself.
    expect(cardErrorMessage("expired_card", undefined, "Your card has expired.")).toBe(
      "Your card has expired.",
    );
    expect(cardErrorMessage("expired_card")).toBe("Your card has expired. Please use a different card.");
  });
});
