import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { AD_CONTENT_MAX, AD_PRIORITY_MAX, AD_TITLE_MAX, type Ad } from "../../../../core/schemas/ads";
import { FormDialog } from "../../../components/form-dialog";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import {
  AD_TEXT,
  type AdFormField,
  type AdFormMode,
  type AdFormValues,
  adFormFrom,
  checkAdForm,
  createFailureMessage,
  emptyAdForm,
  PLACEMENT_OPTIONS,
  PLACEMENT_WHERE,
} from "../ad-form-model";
import { type AdRequest, useCreateAd, useUpdateAd } from "../api";

/** The route's schema checks the form (through the form model), so both give the same messages. */
function adResolver(mode: AdFormMode): Resolver<AdFormValues, unknown, AdRequest> {
  return async (values) => {
    const checked = checkAdForm(values, mode);
    if (checked.ok) return { values: checked.body, errors: {} };
    const errors: FieldErrors<AdFormValues> = {};
    for (const [name, message] of Object.entries(checked.errors)) {
      errors[name as AdFormField] = { type: "validation", message };
    }
    return { values: {}, errors };
  };
}

/**
 * Create and edit an advertisement (specification 3 sections 5 and 8). The image and link may be
 * pasted as an HTML <img> or <a> tag: the server keeps the address.
 */
export function AdFormDialog({ ad, onClose }: { ad?: Ad; onClose: () => void }) {
  const mode: AdFormMode = ad ? "edit" : "create";
  const create = useCreateAd();
  const update = useUpdateAd();
  const pending = create.isPending || update.isPending;
  const form = useForm<AdFormValues, unknown, AdRequest>({
    resolver: adResolver(mode),
    defaultValues: ad ? adFormFrom(ad) : emptyAdForm(),
  });
  const { errors } = form.formState;
  const prefix = ad ? `ad-${ad.id}` : "new-ad";
  const id = (name: AdFormField) => `${prefix}-${name}`;
  const error = (name: AdFormField) => errors[name]?.message;
  const a11y = (name: AdFormField) => fieldA11y(id(name), error(name));

  const onSubmit = form.handleSubmit((body) => {
    if (ad) {
      update.mutate(
        { id: ad.id, body },
        {
          onSuccess: () => {
            toast({ title: AD_TEXT.updated, variant: "success" });
            onClose();
          },
          onError: () => toast({ title: "Error", description: AD_TEXT.updateFailed, variant: "destructive" }),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: AD_TEXT.created, description: AD_TEXT.createdDescription, variant: "success" });
        onClose();
      },
      onError: (failure) =>
        toast({ title: "Error", description: createFailureMessage(failure), variant: "destructive" }),
    });
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ad ? "Edit Advertisement" : "Create Advertisement"}
      description={
        ad
          ? "Changes show in the ad slots within 5 minutes."
          : "A new ad reaches the ad slots within 5 minutes."
      }
      submitLabel={ad ? "Save Changes" : "Create Ad"}
      pendingLabel={ad ? "Saving..." : "Creating..."}
      pending={pending}
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      <FormField id={id("title")} label="Title *" error={error("title")}>
        <Input {...a11y("title")} {...form.register("title")} maxLength={AD_TITLE_MAX} />
      </FormField>
      <FormField id={id("content")} label="Content *" error={error("content")}>
        <Textarea {...a11y("content")} {...form.register("content")} maxLength={AD_CONTENT_MAX} />
      </FormField>
      <FormField id={id("imageUrl")} label="Image URL" error={error("imageUrl")}>
        <Input
          {...a11y("imageUrl")}
          {...form.register("imageUrl")}
          inputMode="url"
          autoComplete="off"
          placeholder='https://... or <img src="...">'
        />
      </FormField>
      <FormField id={id("linkUrl")} label="Link URL" error={error("linkUrl")}>
        <Input
          {...a11y("linkUrl")}
          {...form.register("linkUrl")}
          inputMode="url"
          autoComplete="off"
          placeholder='example.com or <a href="...">'
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={id("placement")} label="Placement" error={error("placement")}>
          <NativeSelect {...a11y("placement")} {...form.register("placement")}>
            {PLACEMENT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id("priority")} label="Priority" error={error("priority")}>
          <Input
            {...a11y("priority")}
            {...form.register("priority")}
            type="number"
            inputMode="numeric"
            min={0}
            max={AD_PRIORITY_MAX}
            step={1}
          />
        </FormField>
      </div>
      <p className="-mt-2 text-xs text-slate-600" data-testid="placement-where">
        Shown {PLACEMENT_WHERE[form.watch("placement")] ?? PLACEMENT_WHERE.dashboard}. Higher priority shows
        first.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id("startDate")} label="Start date" error={error("startDate")}>
          <Input {...a11y("startDate")} {...form.register("startDate")} type="datetime-local" />
        </FormField>
        <FormField id={id("endDate")} label="End date" error={error("endDate")}>
          <Input {...a11y("endDate")} {...form.register("endDate")} type="datetime-local" />
        </FormField>
      </div>
      {ad ? (
        <div className="flex items-center gap-3">
          <Checkbox
            id={id("isActive")}
            checked={form.watch("isActive")}
            onCheckedChange={(checked) => form.setValue("isActive", checked === true, { shouldDirty: true })}
          />
          <Label htmlFor={id("isActive")}>Active (shown in its slot)</Label>
        </div>
      ) : null}
    </FormDialog>
  );
}
