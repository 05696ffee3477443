import type { PaymentIntentInfo, ProcessDepositBody } from "../../../core/schemas/money";
import { ApiError } from "../../lib/api-client";
import { signedMinor } from "../../lib/format";

/*
 * Coming back to /wallet after a payment (specification 3, section 4). The in-app checkout books
 * the payment itself and then opens /wallet?payment=success. When Stripe has to redirect (3-D
 * Secure, redirect-based methods) it returns to that same URL with its own parameters added:
 * payment_intent, payment_intent_client_secret and redirect_status (succeeded, processing,
 * failed...). Nothing has been booked then: the wallet books it.
 */

/** The query parameters of a payment's return, removed from the address once read. */
export const PAYMENT_RETURN_PARAMS = [
  "payment",
  "payment_intent",
  "payment_intent_client_secret",
  "redirect_status",
] as const;

export type PaymentReturnAction =
  /** Not a return from a payment. */
  | { kind: "none" }
  /** The in-app checkout paid and booked it already. */
  | { kind: "success" }
  /** Stripe reports success: look the intent up and book it. */
  | { kind: "book"; clientSecret: string }
  /** Not settled yet: the provider's webhook books it once it succeeds. */
  | { kind: "processing" }
  | { kind: "failed" };

/** What to do for the address's query parameters (a pure function of them). */
export function paymentReturnAction(params: URLSearchParams): PaymentReturnAction {
  const redirectStatus = params.get("redirect_status");
  if (redirectStatus === null) {
    return params.get("payment") === "success" ? { kind: "success" } : { kind: "none" };
  }
  if (redirectStatus === "succeeded") {
    const clientSecret = params.get("payment_intent_client_secret")?.trim();
    // Without its secret the intent cannot be looked up here; the webhook books it.
    return clientSecret ? { kind: "book", clientSecret } : { kind: "processing" };
  }
  if (redirectStatus === "processing") return { kind: "processing" };
  // failed, requires_payment_method, or anything else: the payment did not go through.
  return { kind: "failed" };
}

/**
 * The notice the wallet shows: checking while the booking runs; success; processing (not settled
 * yet); failed; delayed (paid, but the booking call failed: the money appears shortly); notFound
 * (no payment of the member's behind that secret).
 */
export type PaymentReturnNotice = "checking" | "success" | "processing" | "failed" | "delayed" | "notFound";

export function initialNotice(action: PaymentReturnAction): PaymentReturnNotice | null {
  switch (action.kind) {
    case "none":
      return null;
    case "book":
      return "checking";
    default:
      return action.kind;
  }
}

export interface BookingCalls {
  /** GET /api/payments/intent?client_secret=... */
  lookUp(clientSecret: string): Promise<PaymentIntentInfo>;
  /** POST /api/process-deposit */
  book(body: ProcessDepositBody): Promise<unknown>;
}

function isStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}

/**
 * Books the payment Stripe returned from: looks the intent up by its client secret, then calls
 * process-deposit with its id and amount (dollars). The server asks the provider whether it
 * succeeded and books it once, however often it is called; it answers 409 while it has not.
 */
export async function bookReturnedPayment(
  clientSecret: string,
  calls: BookingCalls,
): Promise<Exclude<PaymentReturnNotice, "checking">> {
  let intent: PaymentIntentInfo;
  try {
    intent = await calls.lookUp(clientSecret);
  } catch (error) {
    return isStatus(error, 400, 404) ? "notFound" : "delayed";
  }
  if (intent.status === "failed") return "failed";
  const cents = signedMinor(intent.amount);
  if (cents === null) return "delayed";
  try {
    await calls.book({ paymentIntentId: intent.paymentIntentId, amount: cents / 100 });
    return "success";
  } catch (error) {
    if (isStatus(error, 409)) return "processing";
    if (isStatus(error, 404)) return "notFound";
    return "delayed";
  }
}
