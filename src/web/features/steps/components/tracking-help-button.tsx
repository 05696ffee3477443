import { CircleHelp } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";

/** The tracking help: its code, and the dialog library's, loads when it first opens or a few seconds after the card shows. */
const TrackingHelpDialog = lazyDialog(
  async () => (await import("./tracking-help-dialog")).TrackingHelpDialog,
);

/**
 * "How tracking works": a quiet button that opens the tracking help (focus returns to it when the
 * help closes: the dialog gives focus back to what had it when it opened).
 */
export function TrackingHelpButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <CircleHelp aria-hidden="true" /> How tracking works
      </Button>
      <TrackingHelpDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
