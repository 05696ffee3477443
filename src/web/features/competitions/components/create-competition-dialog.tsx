import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
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
import { errorMessage } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { useCreateCompetition } from "../api";
import {
  type CompetitionFormValues,
  checkCompetitionForm,
  clearCompetitionDraft,
  emptyCompetitionForm,
  readCompetitionDraft,
  writeCompetitionDraft,
} from "../competition-form-model";
import { CompetitionFormFields, type FieldErrors } from "./competition-form";

/**
 * Create Competition (site admins): the Create New Competition dialog. The draft is saved in the
 * browser as it is typed and comes back after a reload; it is cleared on success or by Clear Form.
 */
export function CreateCompetitionButton() {
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const [values, setValues] = useState<CompetitionFormValues>(
    () => readCompetitionDraft() ?? emptyCompetitionForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateCompetition();

  useEffect(() => {
    writeCompetitionDraft(values);
  }, [values]);

  const onChange = (field: keyof CompetitionFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const clearForm = () => {
    setValues(emptyCompetitionForm);
    setErrors({});
    clearCompetitionDraft();
    toast({ title: "Form Cleared", description: "All form data has been cleared." });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCompetitionForm(values, { timeZone });
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      if (checked.toast) toast(checked.toast);
      return;
    }
    create.mutate(checked.request, {
      onSuccess: (competition) => {
        toast({
          title: "Competition Created!",
          description: `${competition.name} is open for entries.`,
          variant: "success",
        });
        setValues(emptyCompetitionForm);
        clearCompetitionDraft();
        setOpen(false);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to create competition"),
          variant: "destructive",
        }),
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> Create Competition
      </Button>
      <Dialog open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Create New Competition</DialogTitle>
            <DialogDescription>Your draft is saved on this device as you type.</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <CompetitionFormFields
              idPrefix="create"
              values={values}
              errors={errors}
              onChange={onChange}
              timeZone={timeZone}
            />
            <DialogFooter className="sm:justify-between">
              <Button type="button" variant="ghost" onClick={clearForm} disabled={create.isPending}>
                Clear Form
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating..." : "Create Competition"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
