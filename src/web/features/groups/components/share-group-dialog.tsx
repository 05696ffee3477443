import { Check, Copy, RefreshCw, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { COPY_CONFIRMATION_MS } from "../../../../core/constants";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { useNewInviteCode } from "../api";
import { failureToast, groupInviteLink } from "../group-view";

const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * The share dialog (specification 2 section 2): the invite link with Copy (Copied! for 2 s), the
 * device's share sheet where there is one, and for admins a new link that retires the old one.
 */
export function ShareGroupDialog({
  group,
  linkForm,
  canRenew = false,
  open,
  onOpenChange,
}: {
  group: Pick<Group, "id" | "name" | "inviteCode">;
  /** "groups": /groups/join/{code} (the groups page); "short": /join/{code}. */
  linkForm: "groups" | "short";
  canRenew?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [copied, setCopied] = useState(false);
  const renew = useNewInviteCode();
  const link = groupInviteLink(window.location.origin, renew.data?.inviteCode ?? group.inviteCode, linkForm);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      toast({
        title: "Share Failed",
        description: "The link could not be copied. Select it and copy it yourself.",
        variant: "destructive",
      });
    }
  };

  const onShare = async () => {
    try {
      await navigator.share({
        title: group.name,
        text: `Join my group "${group.name}" on StepRace!`,
        url: link,
      });
    } catch (error) {
      // A share the member cancels is not an error (specification 2 section 8).
      if (error instanceof Error && error.name === "AbortError") return;
      toast({ title: "Share Failed", description: "Copy the link instead.", variant: "destructive" });
    }
  };

  const onRenew = () =>
    renew.mutate(group.id, {
      onSuccess: () =>
        toast({ title: "New Invite Link", description: "The old link no longer works.", variant: "success" }),
      onError: (error) => toast(failureToast("Failed to create a new link", error)),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Group</DialogTitle>
          <DialogDescription>
            Send this link to invite friends to {group.name}. They see the group and join from it.
          </DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={link}
            aria-label="Invite link"
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm"
          />
          <Button onClick={() => void onCopy()} aria-label="Copy link" className="shrink-0">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied!" : "Copy"}
          </Button>
        </div>
        <DialogFooter className="sm:justify-between">
          {canRenew ? (
            <Button variant="ghost" size="sm" onClick={onRenew} disabled={renew.isPending}>
              <RefreshCw aria-hidden="true" /> {renew.isPending ? "Creating..." : "New Link"}
            </Button>
          ) : (
            <span />
          )}
          {canShare() ? (
            <Button variant="outline" onClick={() => void onShare()}>
              <Share2 aria-hidden="true" /> Share via...
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
