import { useState } from "react";
import type { MemberTransaction } from "../../../../../core/schemas/admin-member";
import { MONEY_REASON_MAX, moneyReasonSchema } from "../../../../../core/schemas/money";
import { toast } from "../../../../components/ui/use-toast";
import { fc } from "../../../../lib/format";
import { errorMessage } from "../../../../lib/utils";
import { useReverseGrant } from "../../member-api";
import { ReasonDialog } from "./reason-dialog";

/**
 * Reverse an admin grant, with a required reason, after a confirmation: the member's FitCoins go
 * back to issuance. The server refuses when they no longer hold them or it was already reversed.
 */
export function ReverseGrantDialog({
  memberId,
  username,
  grant,
  onClose,
}: {
  memberId: number;
  username: string;
  grant: MemberTransaction | null;
  onClose: () => void;
}) {
  const reverse = useReverseGrant(memberId);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const amount = grant ? fc(grant.amount.replace(/^\+/, "")) : "";
  const close = () => {
    if (reverse.isPending) return;
    setReason("");
    setError(null);
    onClose();
  };
  const submit = () => {
    const checked = moneyReasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    if (!grant) return;
    reverse.mutate(
      { transferId: grant.id, reason: checked.data },
      {
        onSuccess: (result) => {
          toast({ title: "Grant Reversed", description: result.message, variant: "success" });
          setReason("");
          setError(null);
          onClose();
        },
        onError: (err) =>
          toast({
            title: "Reversal Failed",
            description: errorMessage(err, "Could not reverse this grant."),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <ReasonDialog
      open={grant !== null}
      title="Reverse Grant"
      description={`Take ${amount} back from @${username}? The grant "${grant?.description}" stays in the books; a reversal naming it is added. It is refused if they no longer hold these FitCoins.`}
      fieldId="reverse-reason"
      label="Reason (shown in their history)"
      placeholder="e.g. Granted to the wrong member"
      maxLength={MONEY_REASON_MAX}
      reason={reason}
      error={error}
      pending={reverse.isPending}
      confirm="Reverse Grant"
      confirming="Reversing..."
      onReasonChange={(value) => {
        setReason(value);
        setError(null);
      }}
      onCancel={close}
      onSubmit={submit}
    />
  );
}
