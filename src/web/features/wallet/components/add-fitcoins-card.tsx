import { ArrowLeft, CircleAlert, CircleCheck, Coins } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { DEPOSIT_MAX_CENTS, PLATFORM_FEE_PERCENT } from "../../../../core/constants";
import { formatMinor, formatUsd, parseMinor } from "../../../../core/money";
import { fitcoinShortfall, planTopUp } from "../../../../core/rules/top-up";
import { isJoinPath } from "../../../app/return-path";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useConvertMutation, useCreatePaymentIntentMutation } from "../api";
import { balanceCents } from "../money-view";
import { createSubmissionKeys, submitWithKey } from "../submission-key";
import { type TopUpGoal, type TopUpShortfall, withTopUp } from "../top-up";
import { SummaryLine } from "./amount-input";

/** Why the payment went in but the member still does not hold enough (`toJoin`: " to join" or ""). */
const shortfallText = (why: TopUpShortfall, toJoin: string) =>
  why === "failed"
    ? `Your payment went through and is in your wallet, but it could not be turned into FitCoins. Convert it below${toJoin}.`
    : `FitCoins were added, but you still do not hold enough${toJoin}. Add the rest below.`;

/** The FitCoins a member asks to add, checked against what the goal needs and one deposit may bring. */
function checkAsked(text: string, shortfall: number, walletCents: number, toJoin: string) {
  const asked = parseMinor(text);
  if (asked === null || asked <= 0) return { error: "Enter the FitCoins to add, with at most two decimals" };
  if (asked < shortfall) return { error: `You need at least ${formatMinor(shortfall)} FitCoins${toJoin}` };
  const plan = planTopUp(asked, walletCents);
  if (!plan) return { error: `One payment adds at most ${formatUsd(DEPOSIT_MAX_CENTS)}: add fewer FitCoins` };
  return { plan };
}

/**
 * Issue 32 item 1: a member sent by a join's Add FitCoins gets one path that ends with the FitCoins
 * the join needs: the amount prefilled from the shortfall, a card deposit of only what the wallet
 * lacks (at least the deposit minimum), then the conversion; back to the join once they hold enough.
 */
export function AddFitcoinsCard({
  goal,
  fitcoins,
  balance,
  shortfallReason,
}: {
  goal: TopUpGoal;
  fitcoins: number | null;
  balance: string | null;
  /** Set when a top-up's payment went in but the member still does not hold enough. */
  shortfallReason: TopUpShortfall | null;
}) {
  const [, navigate] = useLocation();
  const intent = useCreatePaymentIntentMutation();
  const convert = useConvertMutation();
  const [keys] = useState(() => createSubmissionKeys());
  // null: follow the shortfall as the balances refresh; a string once the member edits it.
  const [typed, setTyped] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const held = fitcoins === null ? null : (parseMinor(fitcoins) ?? 0);
  const walletCents = Math.max(0, balanceCents(balance) ?? 0);
  if (held === null) {
    return (
      <Card className="mb-5">
        <CardContent className="flex justify-center p-8">
          <Spinner label="Loading your balances" />
        </CardContent>
      </Card>
    );
  }
  const shortfall = fitcoinShortfall(goal.need, held);
  // A join's goal says so; a group's entry price or a contribution goes back to where it was.
  const forJoin = isJoinPath(goal.returnTo);
  const toJoin = forJoin ? " to join" : "";
  const title = `Add FitCoins${toJoin}`;
  const backLabel = forJoin ? "Back to join" : "Go back";
  const back = (
    <Button asChild variant="ghost" className="justify-self-start">
      <Link href={goal.returnTo}>
        <ArrowLeft aria-hidden="true" /> {shortfall > 0 ? "Back without adding FitCoins" : backLabel}
      </Link>
    </Button>
  );

  if (shortfall === 0) {
    return (
      <Card className="mb-5 border-emerald-200" role="region" aria-label={title}>
        <CardContent className="grid gap-3 p-5">
          <p className="flex items-start gap-2 font-semibold text-emerald-900" role="status">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            You have the {formatMinor(goal.need)} FitCoins you need{toJoin}.
          </p>
          <Button asChild className="justify-self-start">
            <Link href={goal.returnTo}>
              <ArrowLeft aria-hidden="true" /> {backLabel}
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const text = typed ?? formatMinor(shortfall);
  const checked = checkAsked(text, shortfall, walletCents, toJoin);
  const plan = checked.plan ?? null;
  const busy = intent.isPending || convert.isPending || leaving;

  const pay = async () => {
    if (!plan) return;
    try {
      if (plan.payCents > 0) {
        const { clientSecret } = await intent.mutateAsync({
          amount: plan.payCents / 100,
          purpose: "deposit",
        });
        setLeaving(true);
        navigate(
          withTopUp(`/checkout?client_secret=${encodeURIComponent(clientSecret)}`, {
            ...goal,
            convertCents: plan.convertCents,
          }),
        );
        return;
      }
      const result = await submitWithKey(keys, String(plan.convertCents), (idempotencyKey) =>
        convert.mutateAsync({ amount: plan.convertCents / 100, idempotencyKey }),
      );
      if ((parseMinor(result.fitcoinBalance) ?? 0) >= goal.need) {
        toast({ title: "FitCoins added", description: result.message, variant: "success" });
        setLeaving(true);
        navigate(goal.returnTo);
      }
    } catch (error) {
      toast({
        title: plan.payCents > 0 ? "Payment Failed" : "Conversion Failed",
        description: errorMessage(
          error,
          plan.payCents > 0
            ? "Could not start the payment. Please try again."
            : "Failed to convert to FitCoins",
        ),
        variant: "destructive",
      });
    }
  };

  return (
    <Card className="mb-5 border-amber-300" role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-600" aria-hidden="true" /> {title}
        </CardTitle>
        <CardDescription>
          You need {formatMinor(goal.need)} FitCoins and have {formatMinor(held)}.{" "}
          {plan && plan.payCents > 0
            ? "Pay by card: the money goes into your wallet and becomes FitCoins in the same step."
            : "Your wallet holds the dollars: convert them to FitCoins."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shortfallReason ? (
          <p className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-900" role="alert">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {shortfallText(shortfallReason, toJoin)}
          </p>
        ) : null}
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <FormField id="topup-fitcoins" label="FitCoins to add" error={checked.error}>
            <Input
              {...fieldA11y("topup-fitcoins", checked.error)}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={formatMinor(shortfall)}
              className="tabular-nums"
              value={text}
              onChange={(e) => setTyped(e.target.value)}
            />
          </FormField>
          {plan ? (
            <dl
              className="grid gap-1.5 rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
              aria-label="What happens"
            >
              {plan.payCents > 0 ? (
                <SummaryLine label="Card payment into your wallet" value={formatUsd(plan.payCents)} />
              ) : null}
              <SummaryLine label="Converted to FitCoins" value={formatUsd(plan.convertCents)} />
              <SummaryLine
                label={`${PLATFORM_FEE_PERCENT}% platform fee`}
                value={`-${formatUsd(plan.fee)}`}
              />
              <SummaryLine label="FitCoins added" value={`${formatMinor(plan.fitcoins)} FC`} strong />
              <SummaryLine label="Your FitCoins after" value={`${formatMinor(held + plan.fitcoins)} FC`} />
              <SummaryLine label="Left in your wallet" value={formatUsd(plan.walletAfterCents)} />
            </dl>
          ) : null}
          <Button type="submit" size="lg" disabled={!plan || busy}>
            {busy
              ? "Please wait..."
              : plan && plan.payCents > 0
                ? `Pay ${formatUsd(plan.payCents)} and add ${formatMinor(plan.fitcoins)} FitCoins`
                : plan
                  ? `Convert ${formatUsd(plan.convertCents)} to ${formatMinor(plan.fitcoins)} FitCoins`
                  : "Add FitCoins"}
          </Button>
          <p className="-mt-2 text-center text-xs text-slate-600">
            {forJoin
              ? "Once you hold the FitCoins, you go straight back to join."
              : "Once you hold the FitCoins, you go straight back to where you were."}
          </p>
        </form>
        {back}
      </CardContent>
    </Card>
  );
}
