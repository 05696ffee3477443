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
    case "expired_card":
      return "Your card has expired. Please use a different card.";
    case "incorrect_cvc":
    case "invalid_cvc":
      return "Your card's security code (CVC) is incorrect.";
    case "invalid_expiry":
      return "Your card's expiry date is invalid.";
    case "processing_error":
      return "An error occurred while processing your card. Please try again.";
    default:
      return fallback ?? "Your payment could not be completed.";
  }
}
