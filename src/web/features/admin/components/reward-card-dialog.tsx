import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  type AdminRewardGiftCard,
  type RewardGiftCardBody,
  type RewardGiftCardForm,
  rewardGiftCardBodySchema,
} from "../../../../core/schemas/reward-gift-cards";
import { FormDialog } from "../../../components/form-dialog";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useSaveRewardCard } from "../reward-cards-api";

const empty: RewardGiftCardForm = {
  name: "",
  brand: "",
  value: "",
  pointCost: "",
  description: "",
  imageUrl: "",
  active: true,
  sortOrder: 0,
  providerProductId: "",
};

const formFrom = (c: AdminRewardGiftCard): RewardGiftCardForm => ({
  name: c.name,
  brand: c.brand,
  value: c.value,
  pointCost: c.pointCost,
  description: c.description,
  imageUrl: c.imageUrl ?? "",
  active: c.active,
  sortOrder: c.sortOrder,
  providerProductId: c.providerProductId ?? "",
});

/** Add Gift Card and Edit Gift Card: every field of a points catalogue card. */
export function RewardCardDialog({ card, onClose }: { card?: AdminRewardGiftCard; onClose: () => void }) {
  const editing = card !== undefined;
  const save = useSaveRewardCard();
  const prefix = editing ? `reward-card-${card.id}` : "new-reward-card";
  const form = useForm<RewardGiftCardForm, unknown, RewardGiftCardBody>({
    resolver: zodResolver(rewardGiftCardBodySchema),
    defaultValues: editing ? formFrom(card) : empty,
  });
  const { errors } = form.formState;
  const id = (name: keyof RewardGiftCardForm) => `${prefix}-${name}`;
  const error = (name: keyof RewardGiftCardForm) => errors[name]?.message;

  const onSubmit = form.handleSubmit(({ active, ...fields }) =>
    save.mutate(
      // An edit names every field but `active`: the row's Activate and Deactivate change that, so
      // saving a form opened before another admin deactivated the card keeps it deactivated.
      card
        ? {
            id: card.id,
            body: {
              ...fields,
              imageUrl: fields.imageUrl ?? null,
              providerProductId: fields.providerProductId ?? null,
            },
          }
        : { body: { ...fields, active } },
      {
        onSuccess: (saved) => {
          toast({
            title: editing ? "Gift Card Updated" : "Gift Card Added",
            description: `${saved.name} has been saved.`,
            variant: "success",
          });
          onClose();
        },
        onError: (err) =>
          toast({
            title: editing ? "Update Failed" : "Creation Failed",
            description: errorMessage(err, "Failed to save the gift card"),
            variant: "destructive",
          }),
      },
    ),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? "Edit Gift Card" : "Add Gift Card"}
      description={
        editing
          ? "Changes apply to redemptions from now on; past redemptions keep what was bought. Activate or Deactivate it from the list."
          : "Members can redeem points for an active card at once."
      }
      submitLabel={editing ? "Save Changes" : "Add Gift Card"}
      pendingLabel="Saving..."
      pending={save.isPending}
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      <FormField id={id("name")} label="Name *" error={error("name")}>
        <Input {...fieldA11y(id("name"), error("name"))} {...form.register("name")} maxLength={100} />
      </FormField>
      <FormField id={id("brand")} label="Brand *" error={error("brand")}>
        <Input {...fieldA11y(id("brand"), error("brand"))} {...form.register("brand")} maxLength={100} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={id("value")} label="Value ($) *" error={error("value")}>
          <Input
            {...fieldA11y(id("value"), error("value"))}
            {...form.register("value")}
            inputMode="decimal"
            placeholder="5.00"
          />
        </FormField>
        <FormField id={id("pointCost")} label="Point cost *" error={error("pointCost")}>
          <Input
            {...fieldA11y(id("pointCost"), error("pointCost"))}
            {...form.register("pointCost")}
            inputMode="numeric"
            placeholder="5000"
          />
        </FormField>
      </div>
      <FormField id={id("description")} label="Description *" error={error("description")}>
        <Textarea
          {...fieldA11y(id("description"), error("description"))}
          {...form.register("description")}
          maxLength={1000}
        />
      </FormField>
      <FormField id={id("imageUrl")} label="Image URL (optional)" error={error("imageUrl")}>
        <Input
          {...fieldA11y(id("imageUrl"), error("imageUrl"))}
          {...form.register("imageUrl")}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={id("sortOrder")} label="Sort order" error={error("sortOrder")}>
          <Input
            {...fieldA11y(id("sortOrder"), error("sortOrder"))}
            {...form.register("sortOrder")}
            inputMode="numeric"
          />
        </FormField>
        <FormField
          id={id("providerProductId")}
          label="Provider product id"
          error={error("providerProductId")}
        >
          <Input
            {...fieldA11y(id("providerProductId"), error("providerProductId"))}
            {...form.register("providerProductId")}
            placeholder="Campaign's choice"
            autoCapitalize="characters"
          />
        </FormField>
      </div>
      {editing ? null : (
        <div className="flex items-center gap-2">
          <Checkbox
            id={id("active")}
            checked={form.watch("active") !== false}
            onCheckedChange={(v) => form.setValue("active", v === true, { shouldDirty: true })}
          />
          <Label htmlFor={id("active")}>Active: members see it on the Points page</Label>
        </div>
      )}
    </FormDialog>
  );
}
