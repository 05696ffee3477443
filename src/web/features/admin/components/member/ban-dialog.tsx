import { useState } from "react";
import { BAN_REASON_MAX } from "../../../../../core/schemas/admin-member";
import { toast } from "../../../../components/ui/use-toast";
import { errorMessage } from "../../../../lib/utils";
import { useBanMember } from "../../member-api";
import { ReasonDialog } from "./reason-dialog";

export type BanTarget = { id: number; username: string; reportId?: number; suggestedReason?: string };

/**
 * Ban a member with a required reason (shown to them at sign-in). From the member's page, or from
 * a report (`reportId`), which the ban then closes.
 */
export function BanDialog({ target, onClose }: { target: BanTarget | null; onClose: () => void }) {
  const ban = useBanMember();
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const invalid = trimmed.length === 0;
  const close = () => {
    if (ban.isPending) return;
    setReason("");
    setTouched(false);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!target || invalid) return;
    ban.mutate(
      { id: target.id, reason: trimmed, reportId: target.reportId },
      {
        onSuccess: (result) => {
          toast({
            title: "Member Banned",
            description: `@${target.username} is banned; ${result.sessionsEnded} session${result.sessionsEnded === 1 ? "" : "s"} ended.`,
          });
          setReason("");
          setTouched(false);
          onClose();
        },
        onError: (error) =>
          toast({
            title: "Ban Failed",
            description: errorMessage(error, "Could not ban this member."),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <ReasonDialog
      open={target !== null}
      title={`Ban @${target?.username}`}
      description="Every session ends at once and sign-in is refused with this reason. They leave the boards, and payouts due to them wait for an admin. Their money stays theirs."
      fieldId="ban-reason"
      label="Reason (shown to the member)"
      placeholder={target?.suggestedReason ?? "e.g. Manipulating step counts"}
      maxLength={BAN_REASON_MAX}
      reason={reason}
      error={touched && invalid ? "A reason is required" : null}
      pending={ban.isPending}
      confirm="Ban Member"
      confirming="Banning..."
      onReasonChange={setReason}
      onCancel={close}
      onSubmit={submit}
    />
  );
}
