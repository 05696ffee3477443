import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { PLATFORM_FEE_PERCENT } from "../../../../core/constants";
import { formatMinor, formatUsd } from "../../../../core/money";
import { type AmountFormInput, conversionFormSchema, dollarsToCents } from "../../../../core/schemas/money";
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
import { useConvertMutation } from "../api";
import { createSubmissionKeys, submitWithKey } from "../submission-key";
import { AmountInput, FeeBreakdown } from "./amount-input";

type ConvertValues = { amount: number };

/**
 * Convert to FitCoins: at least $1 and at most the balance; shows the 15% fee and the FitCoins
 * the amount gives before the member confirms.
 */
export function ConvertDialog({
  balanceCents,
  open,
  onOpenChange,
}: {
  balanceCents: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const convert = useConvertMutation();
  // One Idempotency-Key per conversion: kept while the same amount is retried after an unknown
  // outcome (network error, lost answer), new for another amount, after an answer or on close.
  const [keys] = useState(() => createSubmissionKeys());
  // The balance refreshes every 5 s; validation reads the latest one.
  const balanceRef = useRef(balanceCents);
  balanceRef.current = balanceCents;
  const resolver: Resolver<AmountFormInput, unknown, ConvertValues> = (values, context, options) =>
    zodResolver(conversionFormSchema(balanceRef.current))(values, context, options);
  const form = useForm<AmountFormInput, unknown, ConvertValues>({ resolver, defaultValues: { amount: "" } });
  const { errors } = form.formState;

  const typed = dollarsToCents(Number(form.watch("amount") || Number.NaN));

  const close = () => {
    form.reset();
    keys.reset();
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    try {
      const cents = dollarsToCents(amount);
      const result = await submitWithKey(keys, String(cents ?? amount), (idempotencyKey) =>
        convert.mutateAsync({ amount, idempotencyKey }),
      );
      toast({
        title: "Conversion Successful",
        description:
          result.message || `You received ${formatMinor(Math.round(result.fitcoins * 100))} FitCoins.`,
        variant: "success",
      });
      close();
    } catch (error) {
      toast({
        title: "Conversion Failed",
        description: errorMessage(error, "Failed to convert to FitCoins"),
        variant: "destructive",
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert to FitCoins</DialogTitle>
          <DialogDescription>
            Turn wallet dollars into FitCoins. A {PLATFORM_FEE_PERCENT}% platform fee applies:{" "}
            {100 - PLATFORM_FEE_PERCENT}% of the amount becomes FitCoins.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="convert-amount" label="Amount to convert (USD)" error={errors.amount?.message}>
            <AmountInput
              {...fieldA11y("convert-amount", errors.amount?.message)}
              min={1}
              max={balanceCents !== null ? formatMinor(balanceCents) : undefined}
              placeholder="1.00"
              {...form.register("amount")}
            />
          </FormField>
          <p className="-mt-2 flex items-center justify-between text-sm text-slate-600">
            <span>Available: {balanceCents !== null ? formatUsd(balanceCents) : "$0.00"}</span>
            {balanceCents !== null && balanceCents >= 100 ? (
              <button
                type="button"
                className="font-semibold text-emerald-700 hover:underline"
                onClick={() => form.setValue("amount", formatMinor(balanceCents), { shouldValidate: true })}
              >
                Use all
              </button>
            ) : null}
          </p>
          <FeeBreakdown amountLabel="Amount" cents={typed} maxCents={balanceCents} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={convert.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={convert.isPending}>
              {convert.isPending ? "Converting..." : "Confirm Conversion"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
