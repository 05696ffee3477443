import { useLocation } from "wouter";
import type { Group } from "../../../../core/schemas/groups";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { NoticeDialog } from "../../../components/notice-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { useLeaveGroup } from "../api";
import { failureToast, isSoleAdmin, leaveRefundText } from "../group-view";

/** Why leaving is not possible yet: the only admin hands the role on, the only member deletes. */
function CannotLeave({
  group,
  onClose,
  onChooseAdmin,
}: {
  group: Group;
  onClose: () => void;
  onChooseAdmin: () => void;
}) {
  const alone = group.memberCount <= 1;
  return (
    <NoticeDialog
      title="Leave Group"
      onClose={onClose}
      action={alone ? undefined : <Button onClick={onChooseAdmin}>Choose a New Admin</Button>}
    >
      {alone
        ? "You are the only member of this group. Delete the group instead: everyone who paid in is refunded."
        : "You are the only admin of this group. Transfer admin privileges to another member before leaving."}
    </NoticeDialog>
  );
}

/**
 * Leave (every member): the dialog says what comes back, everything paid in before the group's
 * competition starts and nothing after (DESIGN 1, group money); then back to /groups.
 */
export function LeaveGroupDialog({
  group,
  onClose,
  onChooseAdmin,
}: {
  group: Group;
  onClose: () => void;
  onChooseAdmin: () => void;
}) {
  const leave = useLeaveGroup();
  const [, navigate] = useLocation();
  if (isSoleAdmin(group) || group.memberCount <= 1) {
    return <CannotLeave group={group} onClose={onClose} onChooseAdmin={onChooseAdmin} />;
  }

  const onConfirm = () =>
    leave.mutate(group.id, {
      onSuccess: (result) => {
        toast({ title: "Left Group", description: result.message, variant: "success" });
        navigate("/groups");
      },
      onError: (err) => toast(failureToast("Failed to leave group", err)),
    });

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Leave ${group.name}?`}
      description={leaveRefundText(group, new Date())}
      confirmLabel="Leave Group"
      pendingLabel="Leaving..."
      pending={leave.isPending}
      destructive
      onConfirm={onConfirm}
    />
  );
}
