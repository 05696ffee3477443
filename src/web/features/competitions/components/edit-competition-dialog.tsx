import { type FormEvent, useState } from "react";
import type { Competition } from "../../../../core/schemas/competitions";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { useTimeZone } from "../../auth/use-time-zone";
import { useUpdateCompetition } from "../api";
import {
  type CompetitionFormValues,
  checkCompetitionForm,
  formFromCompetition,
  keepUnchangedDates,
} from "../competition-form-model";
import { updateErrorToast } from "../competition-view";
import { CompetitionFormFields, type FieldErrors } from "./competition-form";

/** Edit Competition, pre-filled (dates in the editor's profile time zone). Mounted only while open. */
export function EditCompetitionDialog({
  competition,
  onClose,
}: {
  competition: Competition;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const [values, setValues] = useState<CompetitionFormValues>(() =>
    formFromCompetition(competition, timeZone),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateCompetition();

  const onChange = (field: keyof CompetitionFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // On edit a paid competition's fee is required (specification 2 section 5).
    const checked = checkCompetitionForm(values, {
      feeRequired: competition.entryFee !== null,
      timeZone,
    });
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      if (checked.toast) toast(checked.toast);
      return;
    }
    update.mutate(
      { id: competition.id, body: keepUnchangedDates(checked.request, values, competition, timeZone) },
      {
        onSuccess: (updated) => {
          toast({
            title: "Competition Updated",
            description: `${updated.name} was saved.`,
            variant: "success",
          });
          onClose();
        },
        onError: (error) => toast(updateErrorToast(error)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !update.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Competition</DialogTitle>
          <DialogDescription>
            The entry fee cannot change once someone has joined, nor the dates once it has started.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <CompetitionFormFields
            idPrefix={`edit-${competition.id}`}
            values={values}
            errors={errors}
            onChange={onChange}
            timeZone={timeZone}
            feeRequired={competition.entryFee !== null}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
