import { type FormEvent, useId, useState } from "react";
import { disputeBodySchema } from "../../../../core/schemas/competitions";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useOpenDispute } from "../api";

/** Open a dispute about a competition's results (a participant, within 48 hours of the end). */
export function DisputeDialog({
  competition,
  open,
  onOpenChange,
}: {
  competition: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const dispute = useOpenDispute();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    dispute.mutate(
      { id: competition.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => {
          toast({
            title: "Dispute Submitted",
            description: answer?.message || "An admin will review it.",
            variant: "success",
          });
          setReason("");
          onOpenChange(false);
        },
        onError: (e) =>
          toast({
            title: "Error",
            description: errorMessage(e, "Failed to open dispute"),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !dispute.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Open a dispute</DialogTitle>
          <DialogDescription>
            Tell us what looks wrong with the results of {competition.name}. An admin reviews every dispute.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id={id} label="What happened?" error={error}>
            <textarea
              {...fieldA11y(id, error)}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              rows={4}
              maxLength={2000}
              className="w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base outline-none focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 aria-invalid:border-red-600"
            />
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={dispute.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={dispute.isPending}>
              {dispute.isPending ? "Sending..." : "Submit Dispute"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
