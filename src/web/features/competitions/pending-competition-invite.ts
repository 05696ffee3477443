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

/** The join page has been shown to a member who can join: the kept code has done its work. */
export function forgetCompetitionInvite(inviteCode: string): void {
  const invite = readPendingInvite();
  if (invite?.type === "competition" && invite.inviteCode === inviteCode) clearPendingInvite();
}
