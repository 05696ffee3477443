import { AlertTriangle, Coins } from "lucide-react";
import { Link, useLocation } from "wouter";
import { SUBSCRIPTION_PRICE_LABEL } from "../../../../core/constants";
import { prizeRuleText } from "../../../../core/rules/prize-split";
import type { GroupPreview } from "../../../../core/schemas/groups";
import { walletPathFor } from "../../../app/return-path";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { fc } from "../../../lib/format";
import { avatarStack } from "../group-view";
import { AdminBadge, GroupBadges } from "./group-badges";
import { entriesClosedText, InviteRoundFacts } from "./invite-round-facts";

const ENTRIES_CLOSED_FALLBACK = "This group is not taking new members right now.";

/**
 * The invite's main card (specification 2 section 2): name, description, member count, Private
 * Group badge, up to 8 members with Admin badges and +N more, the entry price against the
 * member's FitCoins, the subscription warning, Cancel and Join Group (or Subscribe & Join).
 */
export function InviteJoinCard({
  preview,
  fitcoins,
  subscribed,
  affordable,
  pending,
  onJoin,
  onSubscribe,
  onCancel,
}: {
  preview: GroupPreview;
  fitcoins: number;
  subscribed: boolean;
  affordable: boolean;
  pending: boolean;
  onJoin: () => void;
  onSubscribe: () => void;
  onCancel: () => void;
}) {
  const { shown, more } = avatarStack(preview.members, preview.memberCount, preview.members.length);
  // Add FitCoins comes back to this invite after paying.
  const [here] = useLocation();
  // No Join on a card whose entries have closed (issue 32): the server would refuse it.
  const closed = preview.canJoin ? null : (entriesClosedText(preview) ?? ENTRIES_CLOSED_FALLBACK);
  return (
    <Card className="w-full max-w-md" role="region" aria-label={`Join ${preview.name}`}>
      <CardHeader>
        <GroupBadges
          memberCount={preview.memberCount}
          isPrivate={preview.isPrivate}
          privateLabel="Private Group"
        />
        <CardTitle className="text-2xl">{preview.name}</CardTitle>
        <CardDescription>{preview.description || "No description"}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Members">
          {shown.map((m) => (
            <li key={m.userId} className="flex min-w-0 items-center gap-2">
              <Avatar
                imageUrl={m.profileImageUrl}
                initials={initialsOf(m.firstName, m.lastName, "?")}
                className="size-8 text-xs"
              />
              <span className="min-w-0 truncate text-sm font-semibold">
                {m.firstName} {m.lastName}
              </span>
              {m.role === "admin" ? <AdminBadge className="px-1.5 text-[10px]" /> : null}
            </li>
          ))}
        </ul>
        {more > 0 ? <p className="-mt-2 text-sm font-semibold text-slate-600">+{more} more</p> : null}
        <InviteRoundFacts state={preview} showEntry={false} />
        <div className="grid gap-1 rounded-xl bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200">
          <p className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-1.5 font-semibold text-amber-900">
              <Coins className="size-4" aria-hidden="true" /> Entry price
            </span>
            <span className="font-bold tabular-nums" data-testid="invite-entry-price">
              {preview.poolEntryPrice ? fc(preview.poolEntryPrice) : "Free"}
            </span>
          </p>
          <p className="flex justify-between gap-2 text-amber-900">
            <span>Your FitCoins</span>
            <span className="font-semibold tabular-nums">{fc(fitcoins)}</span>
          </p>
        </div>
        <p className="text-xs text-slate-600" data-testid="prize-rule">
          {prizeRuleText("group")}
        </p>
        {closed ? (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status">
            {closed}
          </p>
        ) : !subscribed ? (
          <p className="flex gap-2 rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-950" role="alert">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            An active subscription ({SUBSCRIPTION_PRICE_LABEL} a month) is required to join groups. Your
            invite is kept while you subscribe.
          </p>
        ) : !affordable ? (
          <p
            className="flex flex-wrap gap-x-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800"
            role="alert"
          >
            <span className="font-bold">Insufficient Balance</span>
            <span>You need {fc(preview.poolEntryPrice)} to join.</span>
            <Link href={walletPathFor(here)} className="font-semibold underline">
              Add FitCoins
            </Link>
          </p>
        ) : null}
        <div className={closed ? "grid" : "grid grid-cols-2 gap-2"}>
          <Button variant="outline" size="lg" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          {closed ? null : subscribed ? (
            <Button size="lg" onClick={onJoin} disabled={pending || !affordable}>
              {pending ? "Joining..." : "Join Group"}
            </Button>
          ) : (
            <Button size="lg" onClick={onSubscribe} disabled={pending}>
              Subscribe &amp; Join
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
