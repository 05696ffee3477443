import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { POOL_CONTRIBUTION_MAX_FC, POOL_CONTRIBUTION_MIN_FC } from "../../../../core/constants";
import { parseMinor } from "../../../../core/money";
import { contributionBodySchema, type Group } from "../../../../core/schemas/groups";
import { FitcoinShortfall } from "../../../components/fitcoin-shortfall";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { fc } from "../../../lib/format";
import { useContribute } from "../api";
import { failureToast } from "../group-view";

type ContributionForm = z.input<typeof contributionBodySchema>;

/** Contribute to Pool (the specification's Join Pool, which is a contribution): 1 to 500 FitCoins from the member's own into the group's pool. */
export function ContributeDialog({
  group,
  fitcoins,
  onClose,
}: {
  group: Group;
  fitcoins: number;
  onClose: () => void;
}) {
  const contribute = useContribute();
  const form = useForm<ContributionForm, unknown, z.output<typeof contributionBodySchema>>({
    resolver: zodResolver(contributionBodySchema),
    defaultValues: { amount: "", description: "" },
  });
  const { errors } = form.formState;
  // More than the member holds: said as they type, with the way to add FitCoins and come back.
  const [here] = useLocation();
  // Only an amount the form accepts (1 to 500, as it reads it): never a top-up for one it refuses.
  const read = contributionBodySchema.shape.amount.safeParse(form.watch("amount"));
  const asked = read.success ? read.data : null;
  const held = parseMinor(fitcoins) ?? 0;
  const short = asked !== null && asked > held;

  const onSubmit = form.handleSubmit(({ amount, description }) =>
    contribute.mutate(
      { id: group.id, amount: amount / 100, description: description ?? "" },
      {
        onSuccess: () => {
          toast({ title: "Contribution added to group pool!", variant: "success" });
          onClose();
        },
        onError: (err) => toast(failureToast("Failed to contribute to group pool", err)),
      },
    ),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Contribute to the Pool"
      description={
        <>
          Add FitCoins to {group.name}'s pool for its competitions. Your FitCoins:{" "}
          <span className="font-semibold text-slate-900">{fc(fitcoins)}</span>
        </>
      }
      submitLabel="Contribute"
      pendingLabel="Contributing..."
      pending={contribute.isPending}
      onSubmit={onSubmit}
      submitDisabled={short}
    >
      <FormField id="contribution-amount" label="Amount (FC)" error={errors.amount?.message}>
        <Input
          {...fieldA11y("contribution-amount", errors.amount?.message)}
          {...form.register("amount")}
          type="number"
          inputMode="decimal"
          min={POOL_CONTRIBUTION_MIN_FC}
          max={POOL_CONTRIBUTION_MAX_FC}
          step={0.01}
        />
      </FormField>
      <p className="-mt-2 text-xs text-slate-600">
        {POOL_CONTRIBUTION_MIN_FC} to {POOL_CONTRIBUTION_MAX_FC} FitCoins.
      </p>
      {short ? (
        <FitcoinShortfall
          text={`You have ${fc(fitcoins)}: contributing ${fc(asked / 100)} takes ${fc((asked - held) / 100)} more.`}
          needMinor={asked}
          returnTo={here}
        />
      ) : null}
      <FormField
        id="contribution-description"
        label="Description (optional)"
        error={errors.description?.message}
      >
        <Input
          {...fieldA11y("contribution-description", errors.description?.message)}
          {...form.register("description")}
          maxLength={200}
          placeholder="e.g. Winner's bonus"
        />
      </FormField>
    </FormDialog>
  );
}
