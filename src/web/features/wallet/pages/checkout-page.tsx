import { CircleCheck, Clock, Coins, CreditCard, SearchX, Wallet } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Link, Redirect, useSearchParams } from "wouter";
import { PLATFORM_FEE_PERCENT } from "../../../../core/constants";
import { formatMinor, formatUsd } from "../../../../core/money";
import type { PaymentIntentInfo } from "../../../../core/schemas/money";
import { isJoinPath, isWalletPath, safeReturnPath, withReturnTo } from "../../../app/return-path";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { dollars, signedMinor } from "../../../lib/format";
import { usePaymentIntent } from "../api";
import { SandboxCardForm } from "../components/sandbox-card-form";
import { fitcoinsAfterFee } from "../money-view";
import { type PendingTopUp, readPendingTopUp, withTopUp } from "../top-up";
import { usePaymentCompletion } from "../use-payment-completion";

const StripePaymentForm = lazy(async () => ({
  default: (await import("../components/stripe-payment-form")).StripePaymentForm,
}));

/** Needs a client_secret; without one the member goes back to the wallet (specification 3). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get("client_secret");
  // Where the member goes after paying when they came to add FitCoins from elsewhere (an invite).
  const returnTo = safeReturnPath(params.get("returnTo"));
  // A join's Add FitCoins: the deposit is converted once paid (issue 32 item 1).
  const topUp = readPendingTopUp(params);
  // The way back to the wallet: the wallet itself when the payment was started for it (a wallet
  // on a join's goal sends its own Add Funds back to that goal).
  const wallet = topUp
    ? withTopUp("/wallet", { need: topUp.need, returnTo: topUp.returnTo })
    : returnTo && isWalletPath(returnTo)
      ? returnTo
      : withReturnTo("/wallet", returnTo);
  if (!clientSecret) return <Redirect to={wallet} replace />;
  return (
    <>
      <PageHeader title="Checkout" backHref={wallet} backLabel="Wallet" />
      <div className="mx-auto w-full max-w-md">
        <CheckoutLoader clientSecret={clientSecret} returnTo={returnTo} topUp={topUp} wallet={wallet} />
      </div>
    </>
  );
}

function CheckoutLoader({
  clientSecret,
  returnTo,
  topUp,
  wallet,
}: {
  clientSecret: string;
  returnTo: string | null;
  topUp: PendingTopUp | null;
  wallet: string;
}) {
  const intent = usePaymentIntent(clientSecret);
  if (intent.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading payment" />
      </div>
    );
  }
  if (intent.isError || !intent.data) {
    const gone = !intent.error || (intent.error instanceof ApiError && intent.error.status < 500);
    return (
      <EmptyState
        icon={SearchX}
        title={gone ? "Payment not found" : "Could not load the payment"}
        action={
          <Button asChild>
            <Link href={wallet}>Back to Wallet</Link>
          </Button>
        }
      >
        {gone
          ? "This payment link is no longer valid. Start again from your wallet."
          : "Something went wrong while loading this payment. Please try again from your wallet."}
      </EmptyState>
    );
  }
  return (
    <Checkout
      clientSecret={clientSecret}
      intent={intent.data}
      returnTo={returnTo}
      topUp={topUp}
      wallet={wallet}
    />
  );
}

function OrderSummary({ intent, topUp }: { intent: PaymentIntentInfo; topUp: PendingTopUp | null }) {
  const cents = signedMinor(intent.amount) ?? 0;
  const buying = intent.purpose === "fitcoins";
  const Icon = buying || topUp ? Coins : Wallet;
  const converted = topUp ? fitcoinsAfterFee(topUp.convertCents).fitcoins : 0;
  return (
    <div className="flex items-center gap-4 rounded-xl bg-slate-50 p-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold text-slate-900">
          {buying ? "Buy FitCoins" : topUp ? "Add FitCoins" : "Add Funds"}
        </p>
        <p className="text-sm text-slate-600">
          {buying
            ? `You get ${formatMinor(fitcoinsAfterFee(cents).fitcoins)} FitCoins after the ${PLATFORM_FEE_PERCENT}% platform fee`
            : topUp
              ? `Added to your wallet, then ${formatUsd(topUp.convertCents)} becomes ${formatMinor(converted)} FitCoins after the ${PLATFORM_FEE_PERCENT}% platform fee`
              : "Added to your wallet balance"}
        </p>
      </div>
      <p className="text-xl font-extrabold tabular-nums">{dollars(intent.amount)}</p>
    </div>
  );
}

function Checkout({
  clientSecret,
  intent,
  returnTo,
  topUp,
  wallet,
}: {
  clientSecret: string;
  intent: PaymentIntentInfo;
  returnTo: string | null;
  topUp: PendingTopUp | null;
  wallet: string;
}) {
  const { phase, complete } = usePaymentCompletion(intent, returnTo, topUp);
  const alreadyPaid = intent.status === "succeeded";
  const started = useRef(false);

  // Back on a page already paid (a reload after paying): credit it (idempotent) and return.
  useEffect(() => {
    if (alreadyPaid && !started.current) {
      started.current = true;
      void complete(intent.paymentIntentId);
    }
  });

  if (phase === "processing" || (alreadyPaid && phase === "pay")) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 p-8 text-center">
          <Spinner label="Processing payment" />
          <p className="font-semibold">Payment received. Updating your wallet...</p>
        </CardContent>
      </Card>
    );
  }
  if (phase === "converting") {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 p-8 text-center" role="status">
          <Spinner label="Adding your FitCoins" />
          <p className="font-semibold">Payment received. Adding your FitCoins...</p>
        </CardContent>
      </Card>
    );
  }
  if (phase === "done") {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 p-8 text-center" role="status">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />
          <h2 className="text-xl font-bold">{topUp ? "FitCoins added!" : "Payment Successful!"}</h2>
          <p className="text-slate-600">
            {topUp
              ? isJoinPath(topUp.returnTo)
                ? "You have the FitCoins you need. Taking you back to join..."
                : "You have the FitCoins you need. Taking you back..."
              : returnTo
                ? "Taking you back to where you were..."
                : "Redirecting to your wallet..."}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (phase === "pending") {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 p-8 text-center" role="status">
          <Clock className="size-12 text-amber-500" aria-hidden="true" />
          <h2 className="text-xl font-bold">Payment received</h2>
          <p className="text-slate-600">
            Your payment went through, but we could not update your wallet just now. The money will appear in
            your wallet shortly.
          </p>
          <Button asChild className="mt-2">
            <Link href={wallet}>Go to Wallet</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-emerald-700" aria-hidden="true" /> Complete your payment
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <OrderSummary intent={intent} topUp={topUp} />
        {intent.provider === "stripe" ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-6">
                <Spinner label="Loading payment form" />
              </div>
            }
          >
            <StripePaymentForm
              clientSecret={clientSecret}
              publishableKey={intent.publishableKey ?? ""}
              amount={intent.amount}
              onPaid={complete}
              returnTo={returnTo}
              topUp={topUp}
            />
          </Suspense>
        ) : (
          <SandboxCardForm clientSecret={clientSecret} amount={intent.amount} onPaid={complete} />
        )}
      </CardContent>
    </Card>
  );
}
