import { ListOrdered, Trophy } from "lucide-react";
import { Link } from "wouter";
import { eligibleCount, prizeSplitText } from "../../../../core/rules/prize-split";
import type { Group } from "../../../../core/schemas/groups";
import { CompetitionWindow } from "../../../components/countdown/competition-window";
import { StandingsList } from "../../../components/standings/standings-list";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { useTimeZone } from "../../auth/use-time-zone";
import { useGroupLeaderboard } from "../api";
import { settlementText } from "../group-view";
import { CardHeading } from "./group-badges";
import { GroupCountdown } from "./group-countdown";
import { GROUP_COMPETITION_ID } from "./side-cards";

/**
 * The group's competition: its countdown, its start and end in the member's zone, the prize split
 * for the walkers with steps now, and the standings (asked only when it has one; every 30 s while
 * it runs, 5 minutes otherwise). Admins schedule it in Edit Group.
 */
export function GroupCompetitionCard({
  group,
  viewerId,
  canManage,
}: {
  group: Group;
  viewerId: number;
  canManage: boolean;
}) {
  const standings = useGroupLeaderboard(group);
  const timeZone = useTimeZone();
  const settled = settlementText(group.settlement);
  const entries = standings.data ?? group.leaderboard;
  const paid = group.settlement === "settled" || group.settlement === "refunded";
  return (
    <Card id={GROUP_COMPETITION_ID} role="region" aria-label="Group Competition" className="scroll-mt-24">
      <CardHeading icon={Trophy} iconClassName="text-amber-500">
        Group Competition
      </CardHeading>
      <CardContent className="grid gap-3">
        <GroupCountdown group={group} format="full" />
        {group.competitionStartDate && group.competitionEndDate ? (
          <>
            <CompetitionWindow
              startDate={group.competitionStartDate}
              endDate={group.competitionEndDate}
              timeZone={timeZone}
            />
            {paid ? null : (
              <p className="text-sm text-slate-600" data-testid="prize-split">
                {prizeSplitText(eligibleCount(entries))}
              </p>
            )}
          </>
        ) : canManage ? (
          <p className="text-sm text-slate-600">Set the competition's dates in Edit Group to schedule one.</p>
        ) : null}
        {settled ? <p className="text-sm font-semibold text-slate-800">{settled}</p> : null}
        {group.hasScheduledCompetition ? (
          <>
            <StandingsList
              name={group.name}
              entries={entries}
              viewerId={viewerId}
              limit={Number.POSITIVE_INFINITY}
              title="Standings"
            />
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <Link href={`/groups/${group.id}/standings`}>
                <ListOrdered aria-hidden="true" /> Full standings
              </Link>
            </Button>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
