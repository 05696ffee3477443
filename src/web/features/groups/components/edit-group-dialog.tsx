import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { type Resolver, type ResolverOptions, useForm } from "react-hook-form";
import type { z } from "zod";
import { type EditGroupBody, editGroupBodySchema, type Group } from "../../../../core/schemas/groups";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { useTimeZone } from "../../auth/use-time-zone";
import { useUpdateGroup } from "../api";
import {
  type EditGroupFormValues,
  editFormFromGroup,
  NEXT_ROUND_DATES_REQUIRED,
  nextRoundFormFromGroup,
  toEditBodyInput,
  toEditRequest,
} from "../group-form-model";

const schemaResolver = zodResolver(editGroupBodySchema);
type EditInput = z.input<typeof editGroupBodySchema>;
type EditResolver = Resolver<EditGroupFormValues, unknown, EditGroupBody>;

/**
 * The shared schema reads the dates as instants: the datetime-local values are read in the
 * member's zone first.
 */
const resolverIn =
  (timeZone: string): EditResolver =>
  (values, context, options) =>
    schemaResolver(
      toEditBodyInput(values, timeZone),
      context,
      options as ResolverOptions<EditInput>,
    ) as ReturnType<EditResolver>;

/**
 * Edit Group (group admins): name, description, pool goal, entry price and the competition's
 * dates, in the member's profile time zone (DESIGN 1, group money), said beside the fields.
 * Empty fields are sent as null; empty dates unschedule it. Dates left as they were are sent as
 * stored, so an unchanged save changes nothing.
 */
export function EditGroupDialog({
  group,
  onClose,
  nextRound = false,
}: {
  group: Group;
  onClose: () => void;
  /** Schedule next round: the same form, its dates empty and required (the last round is paid). */
  nextRound?: boolean;
}) {
  const update = useUpdateGroup();
  const timeZone = useTimeZone();
  const [resolver] = useState(() => resolverIn(timeZone));
  const form = useForm<EditGroupFormValues, unknown, EditGroupBody>({
    resolver,
    defaultValues: (nextRound ? nextRoundFormFromGroup : editFormFromGroup)(group, timeZone),
  });
  const { errors } = form.formState;
  const field = (name: keyof EditGroupFormValues) => ({
    ...fieldA11y(`edit-group-${name}`, errors[name]?.message),
    ...form.register(name),
  });
  const row = (name: keyof EditGroupFormValues, label: string, input: ReactNode) => (
    <FormField id={`edit-group-${name}`} label={label} error={errors[name]?.message}>
      {input}
    </FormField>
  );

  const onSubmit = form.handleSubmit((body) => {
    if (nextRound && (body.competitionStartDate === null || body.competitionEndDate === null)) {
      form.setError("competitionStartDate", { message: NEXT_ROUND_DATES_REQUIRED });
      return;
    }
    update.mutate(
      { id: group.id, body: toEditRequest(body, form.getValues(), group, timeZone) },
      {
        onSuccess: () => {
          toast(
            nextRound
              ? {
                  title: "Next Round Scheduled",
                  description: "Members are entered into it.",
                  variant: "success",
                }
              : { title: "Group Updated", description: "Your changes are saved.", variant: "success" },
          );
          onClose();
        },
        onError: (err) =>
          toast({
            title: "Update Failed",
            description: err.message ? `Failed to update group. ${err.message}` : "Failed to update group",
            variant: "destructive",
          }),
      },
    );
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={nextRound ? "Schedule next round" : "Edit Group"}
      description={
        nextRound
          ? "The next round is paid from what the pool holds when it ends. Empty fields are cleared."
          : "Empty fields are cleared."
      }
      submitLabel={nextRound ? "Schedule Round" : "Save Changes"}
      pendingLabel="Saving..."
      pending={update.isPending}
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      {row("name", "Group Name *", <Input {...field("name")} maxLength={100} autoComplete="off" />)}
      {row("description", "Description", <Textarea {...field("description")} maxLength={1000} />)}
      <div className="grid grid-cols-2 gap-3">
        {row(
          "poolGoal",
          "Pool Goal (FC)",
          <Input {...field("poolGoal")} inputMode="decimal" placeholder="None" />,
        )}
        {row(
          "poolEntryPrice",
          "Entry Price (FC)",
          <Input {...field("poolEntryPrice")} inputMode="decimal" placeholder="Free" />,
        )}
      </div>
      {row(
        "competitionStartDate",
        "Competition Start",
        <Input {...field("competitionStartDate")} type="datetime-local" />,
      )}
      {row(
        "competitionEndDate",
        "Competition End",
        <Input {...field("competitionEndDate")} type="datetime-local" />,
      )}
      <p className="-mt-2 text-xs text-slate-600" data-testid="edit-group-time-zone">
        Times in {timeZone} (your profile's time zone).
      </p>
    </FormDialog>
  );
}
