import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ENTRY_FEE_TOAST_MS, GROUP_DEFAULT_ENTRY_PRICE_FC } from "../../../../core/constants";
import { formatMinor } from "../../../../core/money";
import { ENTRY_PRICE_RANGE, entryPriceBodySchema, type Group } from "../../../../core/schemas/groups";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { useSetEntryPrice } from "../api";

type EntryPriceForm = z.input<typeof entryPriceBodySchema>;
const ID = "entry-price";

/**
 * Set Entry Price (group admins): 5 to 150 FitCoins, "$" and commas allowed, 15.00 or the current
 * price to start with. Those who join after the change pay it.
 */
export function EntryPriceDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const update = useSetEntryPrice();
  const form = useForm<EntryPriceForm, unknown, z.output<typeof entryPriceBodySchema>>({
    resolver: zodResolver(entryPriceBodySchema),
    defaultValues: { entryPrice: group.poolEntryPrice ?? formatMinor(GROUP_DEFAULT_ENTRY_PRICE_FC * 100) },
  });
  const error = form.formState.errors.entryPrice?.message;

  const onSubmit = form.handleSubmit(
    ({ entryPrice }) =>
      update.mutate(
        { id: group.id, entryPrice: formatMinor(entryPrice) },
        {
          onSuccess: (result) => {
            toast({ title: "Entry Price Updated", description: result.message, variant: "success" });
            onClose();
          },
          onError: () =>
            toast({
              title: "Entry Price Update Failed",
              description: "Failed to update entry price. Please try again.",
              variant: "destructive",
              duration: ENTRY_FEE_TOAST_MS,
            }),
        },
      ),
    (invalid) => {
      if (invalid.entryPrice?.message === ENTRY_PRICE_RANGE) {
        toast({ title: "Invalid Entry Price", description: ENTRY_PRICE_RANGE, variant: "destructive" });
      }
    },
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Set Entry Price"
      description="What new members pay into the pool when they join. Members already in are not charged again."
      submitLabel="Save Price"
      pendingLabel="Saving..."
      pending={update.isPending}
      onSubmit={onSubmit}
    >
      <FormField id={ID} label="Entry Price (FC)" error={error}>
        <Input {...fieldA11y(ID, error)} {...form.register("entryPrice")} inputMode="decimal" />
      </FormField>
    </FormDialog>
  );
}
