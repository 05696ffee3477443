import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type GiftCardOffer, giftCardOfferBodySchema } from "../../../../core/schemas/rewards";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useCreateGiftCardOffer, useUpdateGiftCardOffer } from "../gift-card-offers-api";
import {
  emptyOfferForm,
  OFFER_AMOUNT_DEFAULTS,
  type OfferFormInput,
  type OfferFormOutput,
  offerFormFrom,
  offerRequest,
} from "./gift-card-offer-form-model";

type AmountField = keyof typeof OFFER_AMOUNT_DEFAULTS;

const AMOUNT_FIELDS: { name: AmountField; label: string }[] = [
  { name: "value50", label: "$50 Card Value ($)" },
  { name: "fitcoins50", label: "$50 Card Price (FC)" },
  { name: "value100", label: "$100 Card Value ($)" },
  { name: "fitcoins100", label: "$100 Card Price (FC)" },
];

/**
 * Create Offer and Edit Offer (specification 3 section 5): month, brand and description required,
 * an optional image, and the two tiers, whose blank amounts are $50 for 50.00 FC and $100 for
 * 100.00 FC.
 */
export function GiftCardOfferDialog({ offer, onClose }: { offer?: GiftCardOffer; onClose: () => void }) {
  const editing = offer !== undefined;
  const create = useCreateGiftCardOffer();
  const update = useUpdateGiftCardOffer();
  const pending = create.isPending || update.isPending;
  const prefix = editing ? `offer-${offer.id}` : "new-offer";
  const form = useForm<OfferFormInput, unknown, OfferFormOutput>({
    resolver: zodResolver(giftCardOfferBodySchema),
    defaultValues: editing ? offerFormFrom(offer) : emptyOfferForm(),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const body = offerRequest(values);
    if (editing) {
      update.mutate(
        { id: offer.id, body },
        {
          onSuccess: (saved) => {
            toast({
              title: "Offer Updated",
              description: `${saved.brand} has been saved.`,
              variant: "success",
            });
            onClose();
          },
          onError: (error) =>
            toast({
              title: "Update Failed",
              description: errorMessage(error, "Failed to update the offer"),
              variant: "destructive",
            }),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: "Offer Created", description: `${saved.brand} has been added.`, variant: "success" });
        onClose();
      },
      onError: (error) =>
        toast({
          title: "Creation Failed",
          description: errorMessage(error, "Failed to create the offer"),
          variant: "destructive",
        }),
    });
  });

  const id = (name: keyof OfferFormInput) => `${prefix}-${name}`;
  const error = (name: keyof OfferFormInput) => errors[name]?.message;

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? "Edit Offer" : "Create Offer"}
      description={
        editing
          ? "Changes apply to redemptions from now on."
          : "A new offer starts inactive: activate it to make it the Gift Card of the Month."
      }
      submitLabel={editing ? "Save Changes" : "Create Offer"}
      pendingLabel={editing ? "Saving..." : "Creating..."}
      pending={pending}
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      <FormField id={id("month")} label="Month *" error={error("month")}>
        <Input
          {...fieldA11y(id("month"), error("month"))}
          {...form.register("month")}
          type="month"
          placeholder="YYYY-MM"
        />
      </FormField>
      <FormField id={id("brand")} label="Brand *" error={error("brand")}>
        <Input {...fieldA11y(id("brand"), error("brand"))} {...form.register("brand")} maxLength={100} />
      </FormField>
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
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Tiers (blank uses the default)</legend>
        <div className="grid grid-cols-2 gap-3">
          {AMOUNT_FIELDS.map(({ name, label }) => (
            <FormField key={name} id={id(name)} label={label} error={error(name)}>
              <Input
                {...fieldA11y(id(name), error(name))}
                {...form.register(name)}
                inputMode="decimal"
                placeholder={OFFER_AMOUNT_DEFAULTS[name]}
              />
            </FormField>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
