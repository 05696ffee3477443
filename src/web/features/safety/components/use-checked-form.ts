import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "../../../components/ui/use-toast";
import type { Checked } from "../safety-view";

/**
 * The block and report dialogs' shared flow: the form's state (emptied when the dialog closes),
 * the client check with its toast, then the request, its success toast and closing, or its
 * failure toast.
 */
export function useCheckedForm<F, B>({
  empty,
  onOpenChange,
  check,
  mutation,
  success,
  failure,
}: {
  empty: F;
  onOpenChange: (open: boolean) => void;
  check: (form: F) => Checked<B>;
  mutation: UseMutationResult<unknown, Error, B>;
  success: { title: string; description: string };
  failure: (error: Error) => { title: string; description: string };
}) {
  const [form, setForm] = useState(empty);

  const close = (next: boolean) => {
    if (!next) setForm(empty);
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(form);
    if (!checked.ok) {
      toast({ title: checked.title, description: checked.description, variant: "destructive" });
      return;
    }
    mutation.mutate(checked.body, {
      onSuccess: () => {
        toast({ ...success, variant: "success" });
        close(false);
      },
      onError: (error) => toast({ ...failure(error), variant: "destructive" }),
    });
  };

  return { form, setForm, close, onSubmit };
}
