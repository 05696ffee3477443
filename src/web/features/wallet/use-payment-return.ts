import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { toast } from "../../components/ui/use-toast";
import { fetchPaymentIntent, useProcessDepositMutation } from "./api";
import {
  bookReturnedPayment,
  initialNotice,
  PAYMENT_RETURN_PARAMS,
  type PaymentReturnNotice,
  paymentReturnAction,
} from "./payment-return";

/**
 * The wallet's notice after a payment: read once from the address (whose payment parameters are
 * then removed, so a reload shows nothing); a Stripe redirect that succeeded is booked here, and
 * the booking refreshes the user and the balances.
 */
export function usePaymentReturn(): [PaymentReturnNotice | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [action] = useState(() => paymentReturnAction(params));
  const [notice, setNotice] = useState(() => initialNotice(action));
  const processDeposit = useProcessDepositMutation();
  const book = processDeposit.mutateAsync;
  const started = useRef(false);

  useEffect(() => {
    if (action.kind === "none" || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of PAYMENT_RETURN_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (action.kind !== "book") return;
    void bookReturnedPayment(action.clientSecret, { lookUp: fetchPaymentIntent, book }).then((outcome) => {
      setNotice(outcome);
      if (outcome === "delayed") {
        toast({
          title: "Failed to process deposit",
          description: "Your payment went through. The money will appear in your wallet shortly.",
          variant: "destructive",
        });
      }
    });
  }, [action, setParams, book]);

  return [notice, () => setNotice(null)];
}
