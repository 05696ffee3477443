import type { ReactNode } from "react";
import { Button } from "../../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog";
import { Label } from "../../../../components/ui/label";
import { Textarea } from "../../../../components/ui/textarea";

/**
 * An admin's irreversible action on a member that needs a written reason (a ban, a grant's
 * reversal): what it does, the reason field with its error, Cancel and the destructive confirm.
 * The caller owns the reason, when it is checked and what the action does.
 */
export function ReasonDialog({
  open,
  title,
  description,
  fieldId,
  label,
  placeholder,
  maxLength,
  reason,
  error,
  pending,
  confirm,
  confirming,
  onReasonChange,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  fieldId: string;
  label: string;
  placeholder: string;
  maxLength: number;
  reason: string;
  /** Shown under the field (and marks it invalid) when not null. */
  error: string | null;
  pending: boolean;
  confirm: string;
  confirming: string;
  onReasonChange: (value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const errorId = `${fieldId}-error`;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          noValidate
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>{label}</Label>
            <Textarea
              id={fieldId}
              value={reason}
              maxLength={maxLength}
              placeholder={placeholder}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? errorId : undefined}
              onChange={(e) => onReasonChange(e.target.value)}
            />
            {error !== null ? (
              <p id={errorId} className="text-sm font-semibold text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? confirming : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
