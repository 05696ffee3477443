const SANDBOX_TEXTS: Record<string, string> = {
  expired_card: "Your card has expired. Please use a different card.",
  incorrect_cvc: "Your card's security code (CVC) is incorrect.",
  invalid_cvc: "Your card's security code (CVC) is incorrect.",
  invalid_expiry: "Your card's expiry date is invalid.",
  processing_error: "An error occurred while processing your card. Please try again.",
};

/**
 * Card error texts of specification document 3 section 8, shared by the sandbox checkout page,
 * the deposit checkout and the Stripe path, so a decline reads the same whichever way it came.
 */
export function cardErrorMessage(code: string | undefined, declineCode?: string, fallback?: string): string {
  if (code === "card_declined") {
    switch (declineCode) {
      case "insufficient_funds":
        return "Your card has insufficient funds. Please use a different card.";
      case "fraudulent":
      case "blocked":
        return "Your bank blocked this transaction. Please contact your bank or use a different card.";
      case "do_not_honor":
      case "generic_decline":
      case undefined:
        return "Your card was declined by your bank. Please contact your bank or use a different card.";
      default:
        return `Card declined (${declineCode.replace(/_/g, " ")})`;
    }
  }
  switch (code) {
    case "incorrect_number":
    case "invalid_number":
      return "Invalid card number. Please check the number and try again.";
    case "incomplete_number":
      return "Incomplete card number. Please enter all the digits of your card.";
    case "insufficient_funds":
      return "Insufficient funds on your card. Please use a different card.";
    default:
      // Spec 3 section 8: otherwise the provider's message is shown. The sandbox has no provider
      // message of its own, so it words the common cases itself.
      return fallback ?? SANDBOX_TEXTS[code ?? ""] ?? "Your payment could not be completed.";
  }
}
