import type { AdminUser } from "../../../../core/schemas/members";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { toast } from "../../../components/ui/use-toast";
import { useDeleteUser } from "../users-api";
import { displayName } from "./users-model";

/** Confirms and deletes one member (never an admin: the server answers 403 and the toast says so). */
export function UsersDeleteDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !deleteUser.isPending) onClose();
      }}
      title="Delete User"
      description={
        user ? (
          <>
            Delete <strong>{displayName(user)}</strong> (@{user.username})? Their personal data is removed and
            they can no longer sign in. This cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      pending={deleteUser.isPending}
      destructive
      onConfirm={() => {
        if (!user) return;
        deleteUser.mutate(user.id, {
          onSuccess: (result) => {
            toast({
              title: "User Deleted",
              description: result?.message ?? `@${user.username} was deleted.`,
            });
            onClose();
          },
          onError: () =>
            toast({
              title: "Delete Failed",
              description: "Failed to delete user. Please try again.",
              variant: "destructive",
            }),
        });
      }}
    />
  );
}
