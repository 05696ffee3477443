import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { PaymentIntentInfo } from "../../../core/schemas/money";
import { isWalletPath, sitePathUrl, withReturnTo } from "../../app/return-path";
import { toast } from "../../components/ui/use-toast";
import { useProcessDepositMutation } from "./api";
import { PAYMENT_REDIRECT_MS } from "./money-view";
import { type PendingTopUp, readTopUpGoal, topUpFailedPath, withTopUp } from "./top-up";
import { useFinishTopUp } from "./use-top-up";

/**
 * pay: the card form; processing: the payment succeeded and the deposit is being credited;
 * converting: a top-up's deposit is in, its conversion runs; done: back to the wallet (or where
 * the member came from) in 2 s; pending: paid but the credit call failed, so the money appears
 * shortly (the provider's webhook or reconciliation credits it).
 */
export type PaymentPhase = "pay" | "processing" | "converting" | "done" | "pending";

export const PAYMENT_SUCCESS_URL = "/wallet?payment=success";

/**
 * The wallet's success address, keeping the page to go back to and a top-up under way. A payment
 * made on the wallet while it was on a join's goal (its own Add Funds) comes back on that goal,
 * not with the goal's wallet nested as the page to go back to.
 */
export function paymentSuccessUrl(returnTo: string | null, topUp: PendingTopUp | null = null): string {
  if (topUp) return withTopUp(PAYMENT_SUCCESS_URL, topUp);
  const goal = returnTo && isWalletPath(returnTo) ? readTopUpGoal(sitePathUrl(returnTo).searchParams) : null;
  return goal ? withTopUp(PAYMENT_SUCCESS_URL, goal) : withReturnTo(PAYMENT_SUCCESS_URL, returnTo);
}

/**
 * After the provider confirms a payment: credit it, then return to the wallet (spec 3, section 4),
 * or to `returnTo` when the payment was started from elsewhere (a same-site path, checked before).
 * A top-up converts after the deposit and returns only once the member holds what they came for;
 * otherwise the wallet says what happened.
 */
export function usePaymentCompletion(
  intent: PaymentIntentInfo,
  returnTo: string | null = null,
  topUp: PendingTopUp | null = null,
) {
  const [, navigate] = useLocation();
  const processDeposit = useProcessDepositMutation();
  const finishTopUp = useFinishTopUp();
  const [phase, setPhase] = useState<PaymentPhase>("pay");

  const complete = async (paymentIntentId: string) => {
    setPhase("processing");
    try {
      await processDeposit.mutateAsync({ paymentIntentId, amount: Number(intent.amount) });
    } catch {
      setPhase("pending");
      toast({
        title: "Failed to process deposit",
        description: "Your payment went through. The money will appear in your wallet shortly.",
        variant: "destructive",
      });
      return;
    }
    if (!topUp) {
      setPhase("done");
      return;
    }
    setPhase("converting");
    const outcome = await finishTopUp(paymentIntentId, topUp);
    if (outcome === "enough") setPhase("done");
    else navigate(topUpFailedPath(topUp, outcome), { replace: true });
  };

  const destination = topUp?.returnTo ?? returnTo ?? PAYMENT_SUCCESS_URL;
  useEffect(() => {
    if (phase !== "done") return;
    const timer = window.setTimeout(() => navigate(destination), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate, destination]);

  return { phase, complete };
}
