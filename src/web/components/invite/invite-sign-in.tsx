import { BadgeCheck } from "lucide-react";
import { Link } from "wouter";
import { SUBSCRIPTION_PRICE_LABEL } from "../../../core/constants";
import { loginPathFor, registerPathFor } from "../../app/return-path";
import { Button } from "../ui/button";

/** What joining needs besides the entry: the membership, at the specification's price. */
export const MEMBERSHIP_TEXT = `Joining needs a StepRace membership: ${SUBSCRIPTION_PRICE_LABEL} a month. Entry fees are paid in FitCoins on top.`;

export const COME_BACK_TEXT = "Either way, you will come back to this invite.";

/**
 * A visitor's way into an invite (issue 32): the membership said first, then Sign up and Sign in
 * as two buttons, both returning to `invitePath` (the code is kept too, from the invite link).
 */
export function InviteSignIn({ invitePath }: { invitePath: string }) {
  return (
    <div className="grid gap-3">
      <p
        className="flex gap-2 rounded-xl bg-indigo-50 px-3 py-2 text-sm text-indigo-950 ring-1 ring-indigo-100"
        data-testid="membership-note"
      >
        <BadgeCheck className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
        <span>{MEMBERSHIP_TEXT}</span>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button asChild size="lg">
          <Link href={registerPathFor(invitePath)}>Sign up</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={loginPathFor(invitePath)}>Sign in</Link>
        </Button>
      </div>
      <p className="text-center text-xs text-slate-600" data-testid="invite-kept">
        {COME_BACK_TEXT}
      </p>
    </div>
  );
}
