/**
 * A card payment provider. The sandbox (default) and Stripe implement the same contract, so the
 * subscription and deposit code paths are the same whichever is configured.
 */
export type SubscriptionCheckoutRequest = {
  userId: number;
  email: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
};

/** A paid subscription period as the provider reports it, keyed by the provider's payment id. */
export type SubscriptionPayment = {
  userId: number;
  providerPaymentId: string;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  customerId?: string | null;
  subscriptionId?: string | null;
};

export type CheckoutLookup =
  | { status: "open" | "expired"; userId: number }
  | { status: "complete"; userId: number; payment: SubscriptionPayment };

/** What a one-off card payment is for: dollars into the wallet, or FitCoins bought by card. */
export type PaymentPurpose = "deposit" | "fitcoins";
export type PaymentIntentStatus = "requires_payment_method" | "succeeded" | "failed";

export type PaymentIntentRequest = {
  userId: number;
  email: string;
  amountCents: number;
  purpose: PaymentPurpose;
};

/** A one-off payment as the provider reports it (only intents this app created for a member). */
export type ProviderPaymentIntent = {
  id: string;
  userId: number;
  amountCents: number;
  purpose: PaymentPurpose;
  status: PaymentIntentStatus;
  /** Known to the provider and the paying browser only; compared before the intent is shown. */
  clientSecret: string | null;
  createdAt: Date;
  /** The paying card's last four digits, when the path that saw the payment knows them (receipts). */
  cardLast4?: string | null;
};

/** The last four digits of a typed card number, for a receipt ("4242 4242 4242 4242" -> "4242"). */
export function cardLast4(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, "");
  return digits.length >= 12 ? digits.slice(-4) : null;
}

/** The intent id a client secret belongs to ("pi_x_secret_y" -> "pi_x"), as with Stripe. */
export function intentIdFromClientSecret(clientSecret: string): string | undefined {
  const at = clientSecret.indexOf("_secret_");
  return at > 0 ? clientSecret.slice(0, at) : undefined;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** Creates a hosted checkout for the monthly subscription; answers the URL to send the browser to. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }>;
  /** Looks up a checkout by the id the success URL carries. Undefined when the provider has no such checkout. */
  retrieveCheckout(id: string): Promise<CheckoutLookup | undefined>;
  /** Stops renewal at the end of the current period (the provider's side; our row is updated by the caller). */
  cancelAtPeriodEnd(subscriptionId: string | null): Promise<void>;
  /** Undoes cancelAtPeriodEnd. */
  resume(subscriptionId: string | null): Promise<void>;
  /** Opens a one-off card payment (deposit or FitCoin purchase) that the checkout page confirms. */
  createPaymentIntent(request: PaymentIntentRequest): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the provider knows it now; undefined when unknown or not one of ours. */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | undefined>;
  /** Succeeded intents created since `since`, of one member or (null) of everyone: for reconciliation. */
  listSucceededPaymentIntents(userId: number | null, since: Date): Promise<ProviderPaymentIntent[]>;
}

/** One calendar month later, clamped to the month's last day (Jan 31 -> Feb 28). */
export function addMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
