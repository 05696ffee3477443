import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldErrors, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import {
  ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
  type BankingDetails,
  type BankingSetupBody,
  type BankingSetupInput,
  bankingSetupSchema,
  ROUTING_NUMBER_LENGTH,
} from "../../../../core/schemas/money";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useSetupBankingMutation } from "../api";

const requiredFields = ["bankName", "accountType", "routingNumber", "accountNumber"] as const;

/** The banking form of specification 3, section 5. */
export function BankingForm({ saved }: { saved: BankingDetails | null }) {
  const [, navigate] = useLocation();
  const setup = useSetupBankingMutation();
  const form = useForm<BankingSetupInput, unknown, BankingSetupBody>({
    resolver: zodResolver(bankingSetupSchema),
    // Saved details prefill the form (never the account number: only its last four are stored);
    // without them no account type until one is picked, so the select starts on its placeholder.
    defaultValues: {
      bankName: saved?.bankName ?? "",
      accountType: saved?.accountType,
      routingNumber: saved?.routingNumber ?? "",
      accountNumber: "",
      confirmAccountNumber: "",
    },
  });
  const { errors } = form.formState;

  const onInvalid = (invalid: FieldErrors<BankingSetupInput>) => {
    const values = form.getValues();
    if (requiredFields.some((field) => (values[field] ?? "").trim() === "")) {
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields.",
        variant: "destructive",
      });
    } else if (invalid.confirmAccountNumber?.message === ACCOUNT_NUMBERS_MISMATCH_MESSAGE) {
      toast({
        title: ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
        description: "Please make sure both account numbers are the same.",
        variant: "destructive",
      });
    }
  };

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await setup.mutateAsync(body);
      toast({
        title: "Banking Setup Complete",
        description: result.message || "Your banking details have been saved.",
        variant: "success",
      });
      navigate("/wallet");
    } catch (error) {
      toast({
        title: "Setup Failed",
        description: errorMessage(error, "Banking setup failed"),
        variant: "destructive",
      });
    }
  }, onInvalid);

  const error = (field: keyof BankingSetupInput) => errors[field]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="bank-name" label="Bank Name" error={error("bankName")}>
        <Input
          {...fieldA11y("bank-name", error("bankName"))}
          autoComplete="off"
          placeholder="e.g. Chase"
          {...form.register("bankName")}
        />
      </FormField>
      <FormField id="account-type" label="Account Type" error={error("accountType")}>
        <NativeSelect
          {...fieldA11y("account-type", error("accountType"))}
          defaultValue=""
          {...form.register("accountType")}
        >
          <option value="" disabled>
            Select account type
          </option>
          <option value="checking">Checking</option>
          <option value="savings">Savings</option>
        </NativeSelect>
      </FormField>
      <FormField id="routing-number" label="Routing Number" error={error("routingNumber")}>
        <Input
          {...fieldA11y("routing-number", error("routingNumber"))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={ROUTING_NUMBER_LENGTH}
          placeholder={`${ROUTING_NUMBER_LENGTH} digits`}
          className="tabular-nums"
          {...form.register("routingNumber")}
        />
      </FormField>
      <FormField id="account-number" label="Account Number" error={error("accountNumber")}>
        <Input
          {...fieldA11y("account-number", error("accountNumber"))}
          inputMode="numeric"
          autoComplete="off"
          className="tabular-nums"
          {...form.register("accountNumber")}
        />
      </FormField>
      <FormField
        id="confirm-account-number"
        label="Confirm Account Number"
        error={error("confirmAccountNumber")}
      >
        <Input
          {...fieldA11y("confirm-account-number", error("confirmAccountNumber"))}
          inputMode="numeric"
          autoComplete="off"
          className="tabular-nums"
          {...form.register("confirmAccountNumber")}
        />
      </FormField>
      <p className="text-xs text-slate-500">
        Only the bank name, account type, routing number and the last four digits of the account number are
        stored.
      </p>
      <Button type="submit" size="lg" disabled={setup.isPending}>
        {setup.isPending ? "Saving..." : saved ? "Update Banking Details" : "Save Banking Details"}
      </Button>
    </form>
  );
}
