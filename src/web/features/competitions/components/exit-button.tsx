import { LogOut } from "lucide-react";
import { useState } from "react";
import type { Competition } from "../../../../core/schemas/competitions";
import { LazyConfirmDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useLeaveCompetition } from "../api";
import { fc, isFree, leftToast } from "../competition-view";

/** Exit, offered until the start: the dialog promises the entry fee back. */
export function ExitButton({ competition }: { competition: Competition }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveCompetition();
  const refund = isFree(competition)
    ? "It was free to enter, so there is nothing to refund."
    : `Your entry fee of ${fc(competition.entryFee)} will be refunded to your FitCoins.`;

  // Awaited rather than mutate's callbacks: on success the card moves to another section (a new
  // component), and mutate's own callbacks are dropped with the old one.
  const onExit = async () => {
    try {
      await leave.mutateAsync(competition.id);
      setOpen(false);
      toast(leftToast(competition));
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to leave competition"),
        variant: "destructive",
      });
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" /> Exit
      </Button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Exit Competition"
        description={`Leave ${competition.name}? ${refund}`}
        confirmLabel="Exit Competition"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        destructive
        onConfirm={() => void onExit()}
      />
    </>
  );
}
