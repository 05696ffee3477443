import {
  CalendarX2,
  CheckCircle2,
  Coins,
  Link2Off,
  MessageCircle,
  Trophy,
  UserCheck,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { GroupInfo } from "../../../../core/schemas/groups";
import { InviteSignIn } from "../../../components/invite/invite-sign-in";
import { BrandedPage } from "../../../components/layout/branded-page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatInZone } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { ENDED_INVITE_TEXT, INVALID_INVITE_TEXT } from "../group-view";
import { entriesClosedText, InviteRoundFacts } from "./invite-round-facts";

/** The invite page's frame: inside the app for active members, a branded page for everyone else. */
export function InviteFrame({ inShell, children }: { inShell: boolean; children: ReactNode }) {
  if (inShell) return <div className="flex justify-center pt-2 md:pt-6">{children}</div>;
  return <BrandedPage>{children}</BrandedPage>;
}

/** One centred card: an icon, a title, a line of text, then whatever follows. */
export function InviteCard({
  icon: Icon,
  tone = "emerald",
  title,
  description,
  children,
}: {
  icon: typeof Users;
  tone?: "emerald" | "amber" | "red" | "slate";
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  const tones = {
    emerald: "bg-emerald-100 text-emerald-800",
    amber: "bg-amber-100 text-amber-700",
    red: "bg-red-100 text-red-700",
    slate: "bg-slate-200 text-slate-700",
  };
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <div className={cn("mb-2 flex size-14 items-center justify-center rounded-full", tones[tone])}>
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children ? <CardContent className="grid gap-3">{children}</CardContent> : null}
    </Card>
  );
}

const homeButton = (signedIn: boolean) => (
  <Button asChild size="lg" variant="outline">
    <Link href={signedIn ? "/groups" : "/"}>{signedIn ? "Back to Groups" : "Go Home"}</Link>
  </Button>
);

export function InvalidInvite({ signedIn }: { signedIn: boolean }) {
  return (
    <InviteCard icon={Link2Off} tone="red" title="Invalid Invite Link" description={INVALID_INVITE_TEXT}>
      {homeButton(signedIn)}
    </InviteCard>
  );
}

export function EndedInvite({ info, signedIn }: { info: GroupInfo; signedIn: boolean }) {
  const timeZone = useTimeZone();
  return (
    <InviteCard icon={CalendarX2} tone="slate" title="Competition Ended" description={ENDED_INVITE_TEXT}>
      {info.competitionEndDate ? (
        <p className="text-center text-sm text-slate-700">
          {info.name}'s competition ended on{" "}
          <span className="font-semibold">{formatInZone(info.competitionEndDate, timeZone)}</span>.
        </p>
      ) : null}
      {homeButton(signedIn)}
    </InviteCard>
  );
}

const perks = [
  { icon: Trophy, text: "Compete on steps with your group" },
  { icon: Coins, text: "A shared pool paid to the top walkers, up to three" },
  { icon: MessageCircle, text: "Group chat to keep each other moving" },
];

/**
 * A visitor (issue 32): what the group is and where it stands now (round status and dates, entry
 * price, members, pool), what joining needs, then Sign up or Sign in, both coming back here. No
 * way to join while entries are closed.
 */
export function MarketingInvite({ info, inviteCode }: { info: GroupInfo; inviteCode: string }) {
  const closed = entriesClosedText(info);
  return (
    <InviteCard
      icon={Users}
      title={info.name}
      description={info.description || "You've been invited to a StepRace group."}
    >
      <p className="text-center text-sm font-semibold text-emerald-800">You're invited to join this group!</p>
      <InviteRoundFacts state={info} />
      <ul className="grid gap-2 rounded-xl bg-slate-50 p-3">
        {perks.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2 text-sm text-slate-700">
            <Icon className="size-4 text-emerald-700" aria-hidden="true" /> {text}
          </li>
        ))}
      </ul>
      {closed ? (
        <>
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-center text-sm text-amber-950" role="status">
            {closed}
          </p>
          {homeButton(false)}
        </>
      ) : (
        <InviteSignIn invitePath={`/join/${encodeURIComponent(inviteCode)}`} />
      )}
    </InviteCard>
  );
}

export function AlreadyMember({ groupId, name }: { groupId: number; name: string }) {
  return (
    <InviteCard icon={UserCheck} title="Already a Member" description={`You're already a member of ${name}.`}>
      <Button asChild size="lg">
        <Link href={`/groups/${groupId}`}>Go to Group</Link>
      </Button>
    </InviteCard>
  );
}

export function JoinedInvite({ name }: { name: string }) {
  return (
    <InviteCard
      icon={CheckCircle2}
      title="Successfully Joined!"
      description={`Welcome to ${name}. Taking you to the group...`}
    />
  );
}
