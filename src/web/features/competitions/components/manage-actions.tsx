import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Competition } from "../../../../core/schemas/competitions";
import { LazyConfirmDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useDeleteCompetition } from "../api";

// The edit form: not part of the competitions list's first load (nor the delete confirmation: LazyConfirmDialog).
const EditCompetitionDialog = lazyDialog(
  async () => (await import("./edit-competition-dialog")).EditCompetitionDialog,
);

/** Edit and Delete, for the creator and site admins. */
export function ManageActions({ competition }: { competition: Competition }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCompetition();

  // Awaited: the deleted card unmounts, and mutate's own callbacks would be dropped with it.
  const onDelete = async () => {
    try {
      await remove.mutateAsync(competition.id);
      setDeleting(false);
      toast({
        title: "Competition Deleted",
        description: "Every entry fee was refunded to its participant.",
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to delete competition"),
        variant: "destructive",
      });
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setEditing(true)}
        aria-label={`Edit ${competition.name}`}
      >
        <Pencil aria-hidden="true" /> Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setDeleting(true)}
        aria-label={`Delete ${competition.name}`}
      >
        <Trash2 aria-hidden="true" /> Delete
      </Button>
      {editing ? <EditCompetitionDialog competition={competition} onClose={() => setEditing(false)} /> : null}
      <LazyConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Competition"
        description={`Delete ${competition.name}? It disappears for everyone, and every participant's entry fee is refunded. This cannot be undone.`}
        confirmLabel="Delete Competition"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
