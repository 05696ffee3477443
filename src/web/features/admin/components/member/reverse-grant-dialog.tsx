import { useState } from "react";
import type { MemberTransaction } from "../../../../../core/schemas/admin-member";
import { MONEY_REASON_MAX, moneyReasonSchema } from "../../../../../core/schemas/money";
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
import { toast } from "../../../../components/ui/use-toast";
import { fc } from "../../../../lib/format";
import { errorMessage } from "../../../../lib/utils";
import { useReverseGrant } from "../../member-api";

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
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
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
    <Dialog open={grant !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Reverse Grant</DialogTitle>
            <DialogDescription>
              Take {amount} back from @{username}? The grant "{grant?.description}" stays in the books; a
              reversal naming it is added. It is refused if they no longer hold these FitCoins.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="reverse-reason">Reason (shown in their history)</Label>
            <Textarea
              id="reverse-reason"
              value={reason}
              maxLength={MONEY_REASON_MAX}
              placeholder="e.g. Granted to the wrong member"
              aria-invalid={error !== null}
              aria-describedby={error ? "reverse-reason-error" : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id="reverse-reason-error" className="text-sm font-semibold text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={reverse.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reverse.isPending}>
              {reverse.isPending ? "Reversing..." : "Reverse Grant"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
