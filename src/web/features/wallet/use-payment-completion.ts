import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { PaymentIntentInfo } from "../../../core/schemas/money";
import { withReturnTo } from "../../app/return-path";
import { toast } from "../../components/ui/use-toast";
import { useProcessDepositMutation } from "./api";
import { PAYMENT_REDIRECT_MS } from "./money-view";

/**
 * pay: the card form; processing: the payment succeeded and the deposit is being credited;
 * done: credited, back to the wallet in 2 s; pending: paid but the credit call failed, so the
 * money appears shortly (the provider's webhook or reconciliation credits it).
 */
export type PaymentPhase = "pay" | "processing" | "done" | "pending";

export const PAYMENT_SUCCESS_URL = "/wallet?payment=success";

/** The wallet's success address, keeping the page to go back to (an invite's Add FitCoins). */
export const paymentSuccessUrl = (returnTo: string | null) => withReturnTo(PAYMENT_SUCCESS_URL, returnTo);

/**
 * After the provider confirms a payment: credit it, then return to the wallet (spec 3, section 4),
 * or to `returnTo` when the payment was started from elsewhere (a same-site path, checked before).
 */
export function usePaymentCompletion(intent: PaymentIntentInfo, returnTo: string | null = null) {
  const [, navigate] = useLocation();
  const processDeposit = useProcessDepositMutation();
  const [phase, setPhase] = useState<PaymentPhase>("pay");

  const complete = async (paymentIntentId: string) => {
    setPhase("processing");
    try {
      await processDeposit.mutateAsync({ paymentIntentId, amount: Number(intent.amount) });
      setPhase("done");
    } catch {
      setPhase("pending");
      toast({
        title: "Failed to process deposit",
        description: "Your payment went through. The money will appear in your wallet shortly.",
        variant: "destructive",
      });
    }
  };

  useEffect(() => {
    if (phase !== "done") return;
    const timer = window.setTimeout(() => navigate(returnTo ?? PAYMENT_SUCCESS_URL), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate, returnTo]);

  return { phase, complete };
}
