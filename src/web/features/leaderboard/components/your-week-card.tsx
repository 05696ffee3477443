import { Footprints, TrendingUp, Trophy } from "lucide-react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import type { Leaderboard } from "../api";
import { nextToPass, weekResetLabel } from "../leaderboard-view";

/** The viewer's own standing this week: rank, steps, who to pass next, when the week starts over. */
export function YourWeekCard({
  board,
  loading,
  asOf,
  timeZone,
}: {
  board: Leaderboard | null;
  loading: boolean;
  asOf: Date;
  /** The member's own zone (their week); the browser's when unknown. */
  timeZone?: string;
}) {
  return (
    <Card className="overflow-hidden border-0 bg-gradient-to-br from-emerald-700 to-indigo-700 text-white shadow-lg">
      <CardContent className="p-5">
        <h2 className="text-sm font-semibold tracking-wide text-emerald-50 uppercase">Your week</h2>
        {loading ? (
          <div aria-hidden="true" className="mt-3 flex animate-pulse items-end gap-4">
            <span className="h-10 w-16 rounded-lg bg-white/20" />
            <span className="h-6 w-28 rounded-lg bg-white/20" />
          </div>
        ) : (
          <Standing board={board} />
        )}
        <p className="mt-4 border-t border-white/20 pt-3 text-xs text-emerald-50">
          Everyone's week runs Monday to Sunday in their own time zone; ties share a rank. Your new week
          starts <span className="font-semibold whitespace-nowrap">{weekResetLabel(asOf, timeZone)}</span>.
        </p>
      </CardContent>
    </Card>
  );
}

function Standing({ board }: { board: Leaderboard | null }) {
  const me = board?.me ?? null;
  if (!board) return <p className="mt-2 text-emerald-50">Your place shows here once the board loads.</p>;
  if (!me) return <p className="mt-2 text-emerald-50">You are not on this week's board.</p>;
  if (me.steps === 0) {
    return (
      <div className="mt-2">
        <p className="text-lg font-bold">No steps yet this week</p>
        <p className="mt-1 text-sm text-emerald-50">Sync some steps to take your place on the board.</p>
        {/* An empty board carries its own call to action. */}
        {board.entries.length > 0 ? (
          <Button asChild variant="inverse" size="sm" className="mt-3">
            <Link href="/">
              <Footprints aria-hidden="true" /> Start Tracking
            </Link>
          </Button>
        ) : null}
      </div>
    );
  }
  const target = nextToPass(board.entries, me);
  return (
    <>
      <dl className="mt-2 flex items-end gap-6">
        <div>
          <dt className="text-xs text-emerald-100">Rank</dt>
          <dd className="text-4xl font-extrabold tracking-tight tabular-nums" data-testid="my-rank">
            #{me.rank}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-100">Steps</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="my-steps">
            {formatCount(me.steps)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 flex items-start gap-2 text-sm break-words text-emerald-50">
        {target ? (
          <>
            <TrendingUp className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {formatCount(target.stepsToPass)} more {target.stepsToPass === 1 ? "step" : "steps"} to pass{" "}
              {target.name}.
            </span>
          </>
        ) : (
          <>
            <Trophy className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>You're leading this week. Keep it up!</span>
          </>
        )}
      </p>
    </>
  );
}
