import { ArrowRight, CalendarPlus, Coins, Lock, Share2, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Group } from "../../../../core/schemas/groups";
import { CompetitionWindow } from "../../../components/countdown/competition-window";
import { StandingsList } from "../../../components/standings/standings-list";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { fc } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { awaitsNextRound } from "../group-view";
import { GroupCountdown } from "./group-countdown";
import { EditGroupDialog, ShareGroupDialog } from "./group-dialogs";
import { MemberAvatars } from "./member-avatars";

const roleStyle = {
  admin: "bg-indigo-100 text-indigo-800",
  member: "bg-emerald-100 text-emerald-800",
} as const;

/**
 * A group on /groups (specification 2 section 2): name, description, member count, three avatars
 * and +N more, the pool, the countdown with the start and end in the member's zone, the top 5,
 * View Group and Share.
 */
export function GroupCard({
  group,
  viewerId,
  canManage,
}: {
  group: Group;
  viewerId: number;
  /** Its admins, creator and site admins: a new invite link, and the next round once one is paid. */
  canManage: boolean;
}) {
  const [sharing, setSharing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const timeZone = useTimeZone();
  return (
    <Card className="flex flex-col" role="article" aria-label={group.name}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="min-w-0 break-words">{group.name}</CardTitle>
          <div className="flex shrink-0 gap-1">
            {group.isPrivate ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-700">
                <Lock className="size-3" aria-hidden="true" /> Private
              </span>
            ) : null}
            {group.role ? (
              <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${roleStyle[group.role]}`}>
                {group.role === "admin" ? "Admin" : "Member"}
              </span>
            ) : null}
          </div>
        </div>
        <CardDescription className="line-clamp-2">{group.description || "No description"}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <MemberAvatars group={group} />
          <span className="flex items-center gap-1.5 text-sm text-slate-600" data-testid="member-count">
            <Users className="size-4" aria-hidden="true" />
            {group.memberCount} {group.memberCount === 1 ? "member" : "members"}
          </span>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
          <span className="flex items-center gap-1.5 text-sm font-semibold text-amber-900">
            <Coins className="size-4" aria-hidden="true" /> Pool
          </span>
          <span className="font-bold text-amber-950 tabular-nums" data-testid="group-pool">
            {fc(group.poolBalance)}
          </span>
        </div>
        <GroupCountdown group={group} />
        {group.competitionStartDate && group.competitionEndDate ? (
          <CompetitionWindow
            startDate={group.competitionStartDate}
            endDate={group.competitionEndDate}
            timeZone={timeZone}
          />
        ) : null}
        {group.hasScheduledCompetition ? (
          <StandingsList name={group.name} entries={group.leaderboard} viewerId={viewerId} />
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Button asChild size="sm">
            <Link href={`/groups/${group.id}`} aria-label={`View Group ${group.name}`}>
              View Group <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setSharing(true)}
            aria-label={`Share ${group.name}`}
          >
            <Share2 aria-hidden="true" /> Share
          </Button>
          {canManage && group.hasScheduledCompetition && awaitsNextRound(group) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setScheduling(true)}
              aria-label={`Schedule next round of ${group.name}`}
            >
              <CalendarPlus aria-hidden="true" /> Schedule next round
            </Button>
          ) : null}
        </div>
      </CardContent>
      {scheduling ? <EditGroupDialog group={group} onClose={() => setScheduling(false)} nextRound /> : null}
      <ShareGroupDialog
        group={group}
        linkForm="groups"
        canRenew={canManage}
        open={sharing}
        onOpenChange={setSharing}
      />
    </Card>
  );
}
