import type { ReactNode } from "react";
import { FormDialog } from "./form-dialog";

/** A yes-or-no dialog: Exit and Delete Competition, Leave and Delete Group. */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  return (
    <FormDialog
      {...props}
      submitLabel={confirmLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    />
  );
}
