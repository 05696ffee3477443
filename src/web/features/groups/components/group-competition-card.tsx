import { Trophy } from "lucide-react";
import type { Group } from "../../../../core/schemas/groups";
import { StandingsList } from "../../../components/standings/standings-list";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { useGroupLeaderboard } from "../api";
import { settlementText } from "../group-view";
import { CardHeading } from "./group-badges";
import { GroupCountdown } from "./group-countdown";

/**
 * The group's competition: its countdown, its window and the standings (asked only when it has
 * one; every 30 s while it runs, 5 minutes otherwise). Admins schedule it in Edit Group.
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
  const settled = settlementText(group.settlement);
  return (
    <Card role="region" aria-label="Group Competition">
      <CardHeading icon={Trophy} iconClassName="text-amber-500">
        Group Competition
      </CardHeading>
      <CardContent className="grid gap-3">
        <GroupCountdown group={group} format="full" />
        {group.competitionStartDate && group.competitionEndDate ? (
          <p className="text-sm text-slate-600">
            {formatDateTime(group.competitionStartDate)} to {formatDateTime(group.competitionEndDate)}. The
            top three share the pool: 50%, 30%, 20%.
          </p>
        ) : canManage ? (
          <p className="text-sm text-slate-600">Set the competition's dates in Edit Group to schedule one.</p>
        ) : null}
        {settled ? <p className="text-sm font-semibold text-slate-800">{settled}</p> : null}
        {group.hasScheduledCompetition ? (
          <StandingsList
            name={group.name}
            entries={standings.data ?? group.leaderboard}
            viewerId={viewerId}
            limit={Number.POSITIVE_INFINITY}
            title="Standings"
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
