import { useState } from "react";
import { BAN_REASON_MAX } from "../../../../../core/schemas/admin-member";
import { toast } from "../../../../components/ui/use-toast";
import { errorMessage } from "../../../../lib/utils";
import { useTimeZone } from "../../../auth/use-time-zone";
import { useBanMember, useMemberDetail } from "../../member-api";
import { BAN_TELLS_MEMBER, banMembershipText } from "./ban-model";
import { ReasonDialog } from "./reason-dialog";

export type BanTarget = { id: number; username: string; reportId?: number; suggestedReason?: string };

/**
 * Ban a member with a required reason (shown to them at sign-in). From the member's page, or from
 * a report (`reportId`), which the ban then closes. It says what becomes of their membership, read
 * from their page (issue 32).
 */
export function BanDialog({ target, onClose }: { target: BanTarget | null; onClose: () => void }) {
  const ban = useBanMember();
  const member = useMemberDetail(target?.id ?? 0, { enabled: target !== null });
  const timeZone = useTimeZone();
  const membership = member.isError
    ? "What happens to their membership could not be read."
    : banMembershipText(member.data?.subscription, timeZone);
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
          toast({ title: "Member Banned", description: `@${target.username}: ${result.message}` });
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
      description={
        <>
          Every session ends at once and sign-in is refused with this reason. They leave the boards, and
          payouts due to them wait for an admin. Their money stays theirs.{" "}
          <strong data-testid="ban-membership">{membership}</strong> {BAN_TELLS_MEMBER}
        </>
      }
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
