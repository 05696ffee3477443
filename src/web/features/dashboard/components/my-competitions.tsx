import { ChevronRight, Coins, Medal, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import { countdown, formatCountdown } from "../../../../core/rules/countdown";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { type Competition, useMyCompetitions } from "../../competitions/api";
import { competitionPath, fc } from "../../competitions/competition-view";

/** "Starts in 2d 5h" before the start, "Ends in 5h 12m" while it runs. */
function timing(c: Competition, now: Date): string {
  const phase = countdown(now, {
    entryDeadline: null,
    startDate: new Date(c.startDate),
    endDate: new Date(c.endDate),
  });
  const left = formatCountdown(phase);
  return left ? `${phase.label} ${left}` : phase.label;
}

function MyCompetitionRow({ competition: c, now }: { competition: Competition; now: Date }) {
  const running = c.status === "active";
  return (
    <li>
      <Link
        href={competitionPath(c.id)}
        className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-bold text-slate-900">{c.name}</span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-600">
            <span className={running ? "font-semibold text-emerald-800" : undefined}>{timing(c, now)}</span>
            <span className="inline-flex items-center gap-1">
              <Coins className="size-3.5 text-amber-600" aria-hidden="true" /> {fc(c.prizePool)}
            </span>
          </span>
        </span>
        {c.userRank ? (
          <span className="shrink-0 text-right" data-testid="my-rank">
            <span className="flex items-center justify-end gap-1 font-extrabold text-slate-900 tabular-nums">
              <Medal className="size-4 text-amber-500" aria-hidden="true" />#{c.userRank.position}
            </span>
            <span className="block text-xs text-slate-600 tabular-nums">
              {formatCount(c.userRank.steps)} steps
            </span>
          </span>
        ) : null}
        <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * The member's competitions on both dashboards: each one they are in and that is not over, with
 * their rank and steps, linking to its page. The invitation to compete shows only to a member in
 * none; while the list loads, neither (a placeholder of the card's height keeps the page still).
 */
export function MyCompetitions({ invitation }: { invitation: ReactNode }) {
  const mine = useMyCompetitions();
  if (mine.isPending) {
    return <div className="h-36 animate-pulse rounded-2xl bg-slate-100" aria-hidden="true" />;
  }
  // A failed load invites rather than claiming the member is in nothing: the invitation is true either way.
  const list = mine.data ?? [];
  if (list.length === 0) return <>{invitation}</>;
  const now = new Date();
  return (
    <Card role="region" aria-labelledby="my-competitions-title">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle id="my-competitions-title" className="flex items-center gap-2">
          <Trophy className="size-5 text-amber-500" aria-hidden="true" /> My Competitions
        </CardTitle>
        <Link href="/competitions" className="text-sm font-semibold text-emerald-700 hover:underline">
          All competitions
        </Link>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {list.map((c) => (
            <MyCompetitionRow key={c.id} competition={c} now={now} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
