import { useState } from "react";
import { BAN_REASON_MAX } from "../../../../../core/schemas/admin-member";
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
import { errorMessage } from "../../../../lib/utils";
import { useBanMember } from "../../member-api";

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
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
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
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Ban @{target?.username}</DialogTitle>
            <DialogDescription>
              Every session ends at once and sign-in is refused with this reason. They leave the boards, and
              payouts due to them wait for an admin. Their money stays theirs.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="ban-reason">Reason (shown to the member)</Label>
            <Textarea
              id="ban-reason"
              value={reason}
              maxLength={BAN_REASON_MAX}
              placeholder={target?.suggestedReason ?? "e.g. Manipulating step counts"}
              aria-invalid={touched && invalid}
              aria-describedby={touched && invalid ? "ban-reason-error" : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {touched && invalid ? (
              <p id="ban-reason-error" className="text-sm font-semibold text-red-700">
                A reason is required
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={ban.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={ban.isPending}>
              {ban.isPending ? "Banning..." : "Ban Member"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
