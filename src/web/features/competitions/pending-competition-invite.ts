import { useEffect } from "react";
import { useLocation } from "wouter";
import { clearPendingInvite, readPendingInvite } from "../groups/pending-invite";

/** Where a kept competition invite leads. */
export function competitionInvitePath(inviteCode: string): string {
  return `/competitions/join/${encodeURIComponent(inviteCode)}`;
}

/**
 * A visitor who opened a competition invite link and signed in first comes back to it: on the
 * dashboard (or the competitions page) a kept competition invite opens its join page once.
 */
export function useResumeCompetitionInvite(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const invite = readPendingInvite();
    if (invite?.type === "competition") navigate(competitionInvitePath(invite.inviteCode), { replace: true });
  }, [navigate]);
}

/**
 * The join page has been shown to a member who can join: the kept code has done its work. The
 * access gate stores the code of every invite link it sees (after loading the store module, in
 * its effect, which runs after this page's), so this waits for that first; otherwise the code
 * would come back and reopen this page from the dashboard.
 */
export async function forgetCompetitionInvite(inviteCode: string): Promise<void> {
  await import("../groups/store-invite");
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const invite = readPendingInvite();
  if (invite?.type === "competition" && invite.inviteCode === inviteCode) clearPendingInvite();
}
