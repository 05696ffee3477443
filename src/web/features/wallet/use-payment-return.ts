import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import type { ProcessDepositBody } from "../../../core/schemas/money";
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
 * the booking refreshes the user and the balances. `onBooked` runs once the payment it booked is
 * in (a top-up converts then).
 */
export function usePaymentReturn(
  onBooked?: (paymentIntentId: string) => Promise<void>,
): [PaymentReturnNotice | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [action] = useState(() => paymentReturnAction(params));
  const [notice, setNotice] = useState(() => initialNotice(action));
  const processDeposit = useProcessDepositMutation();
  const mutate = processDeposit.mutateAsync;
  const booked = useRef<string | null>(null);
  const book = useCallback(
    async (body: ProcessDepositBody) => {
      const result = await mutate(body);
      booked.current = body.paymentIntentId;
      return result;
    },
    [mutate],
  );
  const after = useRef(onBooked);
  after.current = onBooked;
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
    void bookReturnedPayment(action.clientSecret, { lookUp: fetchPaymentIntent, book }).then(
      async (outcome) => {
        setNotice(outcome);
        if (outcome === "success" && booked.current && after.current) await after.current(booked.current);
        if (outcome === "delayed") {
          toast({
            title: "Failed to process deposit",
            description: "Your payment went through. The money will appear in your wallet shortly.",
            variant: "destructive",
          });
        }
      },
    );
  }, [action, setParams, book]);

  return [notice, () => setNotice(null)];
}
