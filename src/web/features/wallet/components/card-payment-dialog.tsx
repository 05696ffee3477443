import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import {
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MIN_CENTS,
  FITCOIN_PURCHASE_MAX_CENTS,
  FITCOIN_PURCHASE_MIN_CENTS,
  PLATFORM_FEE_PERCENT,
} from "../../../../core/constants";
import {
  type AmountFormInput,
  depositFormSchema,
  dollarsToCents,
  fitcoinPurchaseFormSchema,
  type PaymentPurpose,
} from "../../../../core/schemas/money";
import { withReturnTo } from "../../../app/return-path";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useCreatePaymentIntentMutation } from "../api";
import { AmountInput, AmountPresets, FeeBreakdown } from "./amount-input";

const variants = {
  deposit: {
    title: "Add Funds",
    description: `Add between $${DEPOSIT_MIN_CENTS / 100} and $${DEPOSIT_MAX_CENTS / 100} to your wallet by card.`,
    schema: depositFormSchema,
    min: DEPOSIT_MIN_CENTS / 100,
    max: DEPOSIT_MAX_CENTS / 100,
    presets: [10, 20, 50, 100],
    submit: "Continue to Payment",
  },
  fitcoins: {
    title: "Buy FitCoins",
    description: `Pay $${FITCOIN_PURCHASE_MIN_CENTS / 100} to $${FITCOIN_PURCHASE_MAX_CENTS / 100} by card. A ${PLATFORM_FEE_PERCENT}% platform fee applies: ${100 - PLATFORM_FEE_PERCENT}% of the payment becomes FitCoins.`,
    schema: fitcoinPurchaseFormSchema,
    min: FITCOIN_PURCHASE_MIN_CENTS / 100,
    max: FITCOIN_PURCHASE_MAX_CENTS / 100,
    presets: [5, 10, 20, 50],
    submit: "Continue to Payment",
  },
} as const;

/** Add Funds (deposit) and Buy FitCoins: an amount, then the card checkout. */
export function CardPaymentDialog({
  purpose,
  open,
  onOpenChange,
  returnTo = null,
}: {
  purpose: PaymentPurpose;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A same-site page the checkout leads back to once paid. */
  returnTo?: string | null;
}) {
  const v = variants[purpose];
  const [, navigate] = useLocation();
  const intent = useCreatePaymentIntentMutation();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<AmountFormInput, unknown, { amount: number }>({
    resolver: zodResolver(v.schema),
    defaultValues: { amount: "" },
  });
  const { errors } = form.formState;
  const fieldId = `${purpose}-amount`;
  const typed = dollarsToCents(Number(form.watch("amount") || Number.NaN));

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    try {
      const { clientSecret } = await intent.mutateAsync({ amount, purpose });
      setLeaving(true);
      navigate(withReturnTo(`/checkout?client_secret=${encodeURIComponent(clientSecret)}`, returnTo));
    } catch (error) {
      toast({
        title: "Payment Failed",
        description: errorMessage(error, "Could not start the payment. Please try again."),
        variant: "destructive",
      });
    }
  });

  const busy = intent.isPending || leaving;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{v.title}</DialogTitle>
          <DialogDescription>{v.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={fieldId} label="Amount (USD)" error={errors.amount?.message}>
            <AmountInput
              {...fieldA11y(fieldId, errors.amount?.message)}
              min={v.min}
              max={v.max}
              placeholder={`${v.min}.00`}
              {...form.register("amount")}
            />
          </FormField>
          <AmountPresets
            amounts={[...v.presets]}
            disabled={busy}
            onPick={(amount) => form.setValue("amount", String(amount), { shouldValidate: true })}
          />
          {purpose === "fitcoins" ? <FeeBreakdown amountLabel="You pay" cents={typed} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Preparing payment..." : v.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
