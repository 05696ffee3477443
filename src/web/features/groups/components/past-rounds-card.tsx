import { History, ListOrdered } from "lucide-react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import type { GroupRound } from "../../../../core/schemas/groups";
import { Card, CardContent } from "../../../components/ui/card";
import { fc, formatInZone } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { useGroupRounds } from "../api";
import { CardHeading } from "./group-badges";

const place = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as const)[n % 10] || "th";
  return `${n}${suffix}`;
};

function RoundResults({ round, viewerId }: { round: GroupRound; viewerId: number }) {
  if (round.settlement === "refunded") {
    return <p className="text-sm text-slate-600">Nobody walked, so everyone who paid in was refunded.</p>;
  }
  if (round.results.length === 0) {
    return <p className="text-sm text-slate-600">The pool was empty: no prizes were paid.</p>;
  }
  const mine = round.mine;
  return (
    <>
      <ol className="grid gap-1 text-sm" aria-label="Winners">
        {round.results.map((r) => (
          <li key={r.userId} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className="font-semibold text-slate-900">{place(r.position)}</span> {r.firstName}{" "}
              {r.lastName}
              {r.userId === viewerId ? " (you)" : ""}
              <span className="text-slate-500"> · {formatCount(r.steps)} steps</span>
            </span>
            <span className="shrink-0 font-bold text-amber-900 tabular-nums">{fc(r.prize)}</span>
          </li>
        ))}
      </ol>
      {mine && mine.prize === 0 && mine.position !== null ? (
        <p className="text-sm text-slate-600">
          You finished {place(mine.position)} with {formatCount(mine.steps)} steps.
        </p>
      ) : null}
    </>
  );
}

/** The group's settled rounds, newest first, with who was paid what and the viewer's own place. */
export function PastRoundsCard({ groupId, viewerId }: { groupId: number; viewerId: number }) {
  const rounds = useGroupRounds(groupId);
  const timeZone = useTimeZone();
  const list = rounds.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card role="region" aria-label="Past Rounds">
      <CardHeading icon={History} iconClassName="text-indigo-500">
        Past Rounds
      </CardHeading>
      <CardContent className="grid gap-4">
        {list.map((round) => (
          <section
            key={round.id}
            className="grid gap-2 border-t border-slate-100 pt-3 first-of-type:border-t-0 first-of-type:pt-0"
            aria-label={`Round ${round.number}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 className="font-semibold text-slate-900">Round {round.number}</h3>
              <span className="text-xs text-slate-500">
                {formatInZone(round.startDate, timeZone)} to {formatInZone(round.endDate, timeZone)}
              </span>
            </div>
            <p className="text-xs text-slate-500">
              {round.participantCount} {round.participantCount === 1 ? "walker" : "walkers"}
              {round.paidOut > 0 ? ` · ${fc(round.paidOut)} paid out` : ""}
            </p>
            <RoundResults round={round} viewerId={viewerId} />
            <Link
              href={`/groups/${groupId}/rounds/${round.id}/standings`}
              className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-emerald-700 underline-offset-4 hover:underline"
            >
              <ListOrdered className="size-4" aria-hidden="true" /> Final standings of round {round.number}
            </Link>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
