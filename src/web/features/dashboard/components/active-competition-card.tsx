import { Coins, Flame, Medal, Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useActiveCompetitions } from "../../competitions/api";
import { competitionPath, fc, participantsLabel, rankLabel } from "../../competitions/competition-view";

/** The base dashboard's first running competition (specification 1, 2.7); nothing when none runs. */
export function ActiveCompetitionCard() {
  const active = useActiveCompetitions();
  const first = active.data?.[0];
  if (!first) return null;
  return (
    <Card className="border-emerald-200">
      <CardHeader>
        <CardDescription className="flex items-center gap-1.5 font-semibold text-emerald-800">
          <Flame className="size-4" aria-hidden="true" /> Active Competition
        </CardDescription>
        <CardTitle>
          <Link href={competitionPath(first.id)} className="rounded-md hover:underline">
            {first.name}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="flex items-center gap-1 text-slate-600">
              <Coins className="size-3.5" aria-hidden="true" /> Prize Pool
            </dt>
            <dd className="font-bold tabular-nums">{fc(first.prizePool)}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-slate-600">
              <Users className="size-3.5" aria-hidden="true" /> Participants
            </dt>
            <dd className="font-bold tabular-nums">
              {participantsLabel(first.participantCount, first.maxParticipants)}
            </dd>
          </div>
          {first.userRank ? (
            <div>
              <dt className="flex items-center gap-1 text-slate-600">
                <Medal className="size-3.5" aria-hidden="true" /> Your Rank
              </dt>
              <dd className="font-bold tabular-nums">{rankLabel(first.userRank)}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
