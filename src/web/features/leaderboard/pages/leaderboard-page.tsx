import { CalendarDays, ChartColumn, Footprints, RefreshCw, Trophy } from "lucide-react";
import { Link } from "wouter";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import { useUser } from "../../auth/api";
import { type Leaderboard, useLeaderboard } from "../api";
import { LeaderboardList, LeaderboardSkeleton } from "../components/leaderboard-list";
import { YourWeekCard } from "../components/your-week-card";
import { boardView, weekLabel } from "../leaderboard-view";

const TITLE_ID = "leaderboard-week";

/** /leaderboard (DESIGN.md section 1): this week's steps of all active members, top 50 and your rank. */
export function LeaderboardPage() {
  const user = useUser();
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useLeaderboard();
  // The week of the answer shown, not of the clock: a board loaded on Sunday night stays Sunday's.
  const asOf = new Date(dataUpdatedAt || Date.now());
  const board: Leaderboard | null = data ?? null;

  return (
    <>
      <PageHeader title="Leaderboard" description="This week's steps of all active members." />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6">
        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <YourWeekCard board={board} loading={isPending} asOf={asOf} timeZone={user?.timeZone} />
        </div>
        <Card className="lg:col-start-1 lg:row-start-1">
          <CardHeader className="flex-row items-start justify-between gap-2">
            <div className="min-w-0">
              <CardTitle id={TITLE_ID} className="flex items-start gap-2 text-base md:text-lg">
                <CalendarDays className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                {weekLabel(asOf, user?.timeZone)}
              </CardTitle>
              <CardDescription className="mt-1 pl-7">Top 50 by steps synced this week.</CardDescription>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2"
              onClick={() => refetch()}
              disabled={isFetching}
              aria-label="Refresh leaderboard"
              title="Refresh"
            >
              <RefreshCw className={cn(isFetching && "animate-spin")} aria-hidden="true" />
            </Button>
          </CardHeader>
          <CardContent className="px-2 pb-3 md:px-4 md:pb-5">
            {isPending ? (
              <LeaderboardSkeleton />
            ) : isError && !board ? (
              <div className="grid justify-items-center gap-3 px-4 py-10 text-center" role="alert">
                <ChartColumn className="size-8 text-slate-400" aria-hidden="true" />
                <p className="text-sm text-slate-700">Could not load the leaderboard.</p>
                <Button variant="outline" size="sm" onClick={() => refetch()} disabled={isFetching}>
                  Try again
                </Button>
              </div>
            ) : board && board.entries.length > 0 ? (
              <Board board={board} viewer={user} />
            ) : (
              <EmptyState
                icon={Trophy}
                title="No steps this week yet"
                className="mx-2 mb-2 border-none bg-slate-50"
                action={
                  <Button asChild>
                    <Link href="/">
                      <Footprints aria-hidden="true" /> Start Tracking
                    </Link>
                  </Button>
                }
              >
                The top 50 members and your own rank appear here as steps are synced. Be the first on the
                board this week.
              </EmptyState>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function Board({
  board,
  viewer,
}: {
  board: Leaderboard;
  viewer: { id: number; firstName: string; lastName: string; profileImageUrl: string | null } | null;
}) {
  const view = boardView(board, viewer?.id ?? null);
  return (
    <LeaderboardList
      rows={view.rows}
      ownPlaceBelow={view.ownPlaceBelow}
      viewer={viewer}
      labelledBy={TITLE_ID}
    />
  );
}
