import { Lock } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { cardErrorMessage } from "../../../../core/payments/card-errors";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { dollars } from "../../../lib/format";
import type { PendingTopUp } from "../top-up";
import { paymentSuccessUrl } from "../use-payment-completion";
import { PaymentError } from "./payment-error";

/*
 * The Stripe path: Stripe.js from js.stripe.com (never bundled, so it costs other pages
 * nothing), the Payment Element, and confirmPayment with redirect "if_required". Only the
 * few members of Stripe.js this page uses are typed.
 */

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: "ready", handler: () => void): void;
}

interface StripeElements {
  create(type: "payment", options?: { layout?: "tabs" | "accordion" }): StripeElement;
}

interface StripeClient {
  elements(options: { clientSecret: string; appearance?: { theme?: string } }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: "if_required";
  }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

const STRIPE_JS_URL = "https://js.stripe.com/v3/";
let stripeJs: Promise<StripeFactory> | null = null;

function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeJs ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => {
      stripeJs = null;
      reject(new Error("Could not load the payment form. Check your connection and try again."));
    };
    document.head.appendChild(script);
  });
  return stripeJs;
}

export function StripePaymentForm({
  clientSecret,
  publishableKey,
  amount,
  onPaid,
  returnTo,
  topUp = null,
}: {
  clientSecret: string;
  publishableKey: string;
  amount: string;
  onPaid: (paymentIntentId: string) => void;
  /** A same-site page to go back to after a redirect-based payment. */
  returnTo?: string | null;
  /** A top-up under way: the wallet the redirect returns to converts it (issue 32 item 1). */
  topUp?: PendingTopUp | null;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let element: StripeElement | null = null;
    let cancelled = false;
    if (!publishableKey) {
      setError("Card payments are not available right now. Please try again later.");
      return;
    }
    loadStripeJs()
      .then((factory) => {
        if (cancelled || !mountRef.current) return;
        const stripe = factory(publishableKey);
        const elements = stripe.elements({ clientSecret, appearance: { theme: "stripe" } });
        element = elements.create("payment", { layout: "tabs" });
        element.on("ready", () => setReady(true));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : "Could not load the payment form."));
    return () => {
      cancelled = true;
      element?.destroy();
      stripeRef.current = null;
    };
  }, [clientSecret, publishableKey]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded) return;
    setBusy(true);
    setError(null);
    const { error: failure, paymentIntent } = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: { return_url: `${window.location.origin}${paymentSuccessUrl(returnTo ?? null, topUp)}` },
      redirect: "if_required",
    });
    setBusy(false);
    if (failure) {
      setError(cardErrorMessage(failure.code, failure.decline_code, failure.message));
    } else if (paymentIntent?.status === "succeeded") {
      onPaid(paymentIntent.id);
    } else {
      setError("Your payment is still being processed. Your wallet will update once it completes.");
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      {!ready && !error ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading payment form" />
        </div>
      ) : null}
      <div ref={mountRef} />
      <PaymentError message={error} />
      <Button type="submit" size="lg" disabled={!ready || busy}>
        <Lock aria-hidden="true" />
        {busy ? "Processing..." : `Pay ${dollars(amount)}`}
      </Button>
    </form>
  );
}
