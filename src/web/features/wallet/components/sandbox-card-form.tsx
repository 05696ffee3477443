import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { dollars } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useConfirmSandboxPaymentMutation } from "../api";
import { formatCardNumber, formatCvc, formatExpiry } from "../card-input";
import { PaymentError } from "./payment-error";

/** The sandbox provider's card form: Stripe's test cards, confirmed through the sandbox API. */
export function SandboxCardForm({
  clientSecret,
  amount,
  onPaid,
}: {
  clientSecret: string;
  amount: string;
  onPaid: (paymentIntentId: string) => void;
}) {
  const confirm = useConfirmSandboxPaymentMutation();
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await confirm.mutateAsync({ clientSecret, cardNumber, expiry, cvc });
      onPaid(result.paymentIntentId);
    } catch (e) {
      setError(errorMessage(e, "Your payment could not be completed."));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="card-number">Card number</Label>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          className="tabular-nums"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="card-expiry">Expiry</Label>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            className="tabular-nums"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(formatCvc(e.target.value))}
            className="tabular-nums"
          />
        </div>
      </div>
      <PaymentError message={error} />
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        <Lock aria-hidden="true" />
        {confirm.isPending ? "Processing..." : `Pay ${dollars(amount)}`}
      </Button>
      <p className="text-xs text-slate-500">
        Sandbox payments: no real card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 9995 has
        insufficient funds; 4000 0000 0000 0002 is declined. Any future expiry, any CVC.
      </p>
    </form>
  );
}
