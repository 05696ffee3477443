import { isInvitePath } from "../../app/return-path";
import { type PendingInvite, pendingInvitePath } from "../groups/pending-invite";

/**
 * Where accepting the community rules leads, and what its button says: the page the member was
 * signing up for (an invitation's or another), then a kept invite, else the dashboard with the
 * specification's words. The label and the navigation both come from here, so they never differ.
 * `keptInvite`: it leads to the invite kept in storage (the page waits a moment more for it).
 */
export function rulesDestination(
  back: string | null,
  invite: PendingInvite | null,
): { path: string; label: string; keptInvite: boolean } {
  if (back && back !== "/") {
    return isInvitePath(back)
      ? { path: back, label: "Continue to the Invite", keptInvite: false }
      : { path: back, label: "Continue Where You Left Off", keptInvite: false };
  }
  if (invite) return { path: pendingInvitePath(invite), label: "Continue to the Invite", keptInvite: true };
  return { path: "/", label: "Continue to Dashboard", keptInvite: false };
}
