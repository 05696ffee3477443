import { ArrowLeft, Landmark } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { PLATFORM_FEE_PERCENT } from "../../../../core/constants";
import { isInvitePath, safeReturnPath } from "../../../app/return-path";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { useLiveUser } from "../api";
import { MissingDepositsCheck } from "../components/missing-deposits-check";
import { PaymentReturnNotice } from "../components/payment-return-notice";
import { StatementDownload } from "../components/statement-download";
import { TransactionHistory } from "../components/transaction-history";
import { WalletBalances } from "../components/wallet-balances";
import { balanceCents } from "../money-view";
import { readPendingTopUp, readTopUpGoal, readTopUpShortfall, topUpFailedPath, withTopUp } from "../top-up";
import { usePaymentReturn } from "../use-payment-return";
import { useFinishTopUp } from "../use-top-up";

type OpenDialog = "deposit" | "fitcoins" | "convert" | null;

// The payment and conversion forms (zod, react-hook-form) are not part of the first screen.
const CardPaymentDialog = lazyDialog(
  async () => (await import("../components/card-payment-dialog")).CardPaymentDialog,
);
const ConvertDialog = lazyDialog(async () => (await import("../components/convert-dialog")).ConvertDialog);
// Only for a member sent by a join's Add FitCoins.
const AddFitcoinsCard = lazy(async () => ({
  default: (await import("../components/add-fitcoins-card")).AddFitcoinsCard,
}));

/** The way back for a member who came to add FitCoins from elsewhere (an invite's Add FitCoins). */
function ReturnBanner({ to }: { to: string }) {
  const invite = isInvitePath(to);
  return (
    <div
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4"
      role="status"
    >
      <p className="text-sm text-emerald-950">
        Add FitCoins here{invite ? ", then go back and join." : ", then go back to where you were."}
      </p>
      <Button asChild size="sm">
        <Link href={to}>
          <ArrowLeft aria-hidden="true" /> {invite ? "Back to the invite" : "Go back"}
        </Link>
      </Button>
    </div>
  );
}

export function WalletPage() {
  const { data: user } = useLiveUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  // A join's Add FitCoins (issue 32 item 1): what the member came for, and a top-up whose card
  // payment Stripe redirected back here (read once: the address changes as it is handled).
  const goal = readTopUpGoal(params);
  const [pending] = useState(() => readPendingTopUp(params));
  const finishTopUp = useFinishTopUp();
  const [paymentNotice, dismissPaymentNotice] = usePaymentReturn(
    pending
      ? async (paymentIntentId) => {
          const outcome = await finishTopUp(paymentIntentId, pending);
          if (outcome === "enough") navigate(pending.returnTo);
          else navigate(topUpFailedPath(pending, outcome), { replace: true });
        }
      : undefined,
  );
  const returnTo = safeReturnPath(params.get("returnTo"));
  // On a goal, a payment made with the balances' own Add Funds or Buy FitCoins comes back here,
  // still on the goal: only the goal's card goes back to the join, once the member holds enough.
  const paymentReturn = goal ? withTopUp("/wallet", goal) : returnTo;
  const cents = balanceCents(user?.balance);
  const canConvert = cents !== null && cents >= 100;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <PageHeader title="Wallet" description="Your dollar balance, FitCoins and transaction history." />
      {paymentNotice ? <PaymentReturnNotice notice={paymentNotice} onDismiss={dismissPaymentNotice} /> : null}
      {goal ? (
        <Suspense fallback={null}>
          <AddFitcoinsCard
            goal={goal}
            fitcoins={user?.fitcoins ?? null}
            balance={user?.balance ?? null}
            shortfallReason={readTopUpShortfall(params)}
          />
        </Suspense>
      ) : returnTo ? (
        <ReturnBanner to={returnTo} />
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <WalletBalances
            balance={user?.balance ?? null}
            fitcoins={user?.fitcoins ?? null}
            canConvert={canConvert}
            onAddFunds={() => setDialog("deposit")}
            onConvert={() => setDialog("convert")}
            onBuyFitcoins={() => setDialog("fitcoins")}
          />
          <TransactionHistory />
        </div>
        {/* Under the balances and the history on a phone: once they are painted. */}
        <BelowFirstView>
          <div className="grid min-w-0 grid-cols-1 content-start gap-6">
            <Card>
              <CardHeader>
                <CardTitle>About FitCoins</CardTitle>
                <CardDescription>
                  FitCoins pay entry fees and prize pools and are redeemable for gift cards (1 FitCoin = $1 of
                  gift card).
                </CardDescription>
              </CardHeader>
              <CardContent className="text-sm text-slate-700">
                Buying or converting carries a {PLATFORM_FEE_PERCENT}% platform fee:{" "}
                {100 - PLATFORM_FEE_PERCENT}% of the amount becomes FitCoins.
              </CardContent>
            </Card>
            <StatementDownload />
            <Card>
              <CardHeader>
                <CardTitle>Deposits</CardTitle>
                <CardDescription>
                  Paid by card but the money is not in your wallet? Check your payments of the last 30 days.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2">
                <MissingDepositsCheck />
                <Button asChild variant="ghost" className="justify-start">
                  <Link href="/banking-setup">
                    <Landmark aria-hidden="true" /> Banking setup
                  </Link>
                </Button>
              </CardContent>
            </Card>
          </div>
        </BelowFirstView>
      </div>
      <CardPaymentDialog
        purpose="deposit"
        open={dialog === "deposit"}
        onOpenChange={close}
        returnTo={paymentReturn}
      />
      <CardPaymentDialog
        purpose="fitcoins"
        open={dialog === "fitcoins"}
        onOpenChange={close}
        returnTo={paymentReturn}
      />
      <ConvertDialog balanceCents={cents} open={dialog === "convert"} onOpenChange={close} />
    </>
  );
}
