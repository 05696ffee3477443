import { useQueryClient } from "@tanstack/react-query";
import { ListOrdered, MessageCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { COMPETITION_CARD_REFRESH_MS, COUNTDOWN_TICK_MS } from "../../../../core/constants";
import { startLabel, timeRemaining } from "../../../../core/rules/countdown";
import { eligibleCount, prizeSplitText } from "../../../../core/rules/prize-split";
import type { Competition } from "../../../../core/schemas/competitions";
import { CompetitionWindow } from "../../../components/countdown/competition-window";
import { LiveCountdown } from "../../../components/countdown/live-countdown";
import { useNow } from "../../../components/countdown/use-now";
import { StandingsList } from "../../../components/standings/standings-list";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { competitionKeys } from "../api";
import {
  canExit,
  canManage,
  competitionPath,
  hasNoPrize,
  joinClosedReason,
  rankLabel,
} from "../competition-view";
import { CompetitionStats, CompetitionTiming } from "./competition-stats";
import { ExitButton } from "./exit-button";
import { JoinButton } from "./join-button";
import { ManageActions } from "./manage-actions";
import { ShareButton } from "./share-button";

// The chat (its panel, message rows and the report and block dialogs) loads when a member opens it,
// not with the competitions list, which most visits only read.
const CompetitionChat = lazy(async () => ({ default: (await import("./competition-chat")).CompetitionChat }));

export interface Viewer {
  id: number | undefined;
  fitcoins: number | null;
  isAdmin: boolean;
}

const statusStyle = {
  upcoming: "bg-indigo-100 text-indigo-800",
  active: "bg-emerald-100 text-emerald-800",
  completed: "bg-slate-200 text-slate-700",
} as const;

const statusText = { upcoming: "Upcoming", active: "Active", completed: "Completed" } as const;

/** The list refreshes while a card is shown (specification 2 section 7: a card every 15 s). */
function useCardRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: competitionKeys.list }, { cancelRefetch: false });
    }, COMPETITION_CARD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);
}

/**
 * A competition card. Joined: timing, stats, the prize split, countdown, start and end, the top 5,
 * Share, Chat and Exit (until the start). Not joined: stats, the prize split, countdown, start and
 * end, Join and Share. Edit and Delete for the creator and site admins. Dates are in the member's
 * profile time zone.
 */
export function CompetitionCard({
  competition: c,
  viewer,
  onPage = false,
}: {
  competition: Competition;
  viewer: Viewer;
  /** On the competition's own page, which shows the name, the standings and the chat itself. */
  onPage?: boolean;
}) {
  useCardRefresh();
  const now = useNow(COUNTDOWN_TICK_MS);
  const timeZone = useTimeZone();
  const [chatOpen, setChatOpen] = useState(false);
  const joined = c.isParticipant;
  const started = now.getTime() >= new Date(c.startDate).getTime();
  const chatAllowed = !onPage && (joined || viewer.isAdmin);

  return (
    <Card className={cn("flex flex-col", joined && "border-emerald-200")} aria-label={c.name} role="article">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          {onPage ? null : (
            <CardTitle className="min-w-0 break-words">
              <Link href={competitionPath(c.id)} className="rounded-md hover:underline">
                {c.name}
              </Link>
            </CardTitle>
          )}
          <div className="flex shrink-0 gap-1">
            {joined ? (
              <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">
                Joined
              </span>
            ) : null}
            <span className={cn("rounded-full px-2 py-0.5 text-xs font-bold", statusStyle[c.status])}>
              {statusText[c.status]}
            </span>
          </div>
        </div>
        <CardDescription className="line-clamp-3">{c.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        {joined ? (
          <CompetitionTiming
            start={startLabel(now, new Date(c.startDate))}
            remaining={started ? timeRemaining(now, new Date(c.endDate)) : null}
          />
        ) : null}
        <CompetitionStats competition={c} />
        {c.settlement === "settled" || c.settlement === "refunded" || hasNoPrize(c) ? null : (
          <p className="text-xs text-slate-600" data-testid="prize-split">
            {prizeSplitText(eligibleCount(c.leaderboard))}
          </p>
        )}
        <LiveCountdown dates={c} />
        <CompetitionWindow startDate={c.startDate} endDate={c.endDate} timeZone={timeZone} />
        {joined && !onPage ? (
          <StandingsList
            name={c.name}
            entries={c.leaderboard}
            viewerId={viewer.id}
            ownRank={c.userRank ? rankLabel(c.userRank) : null}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {!joined ? (
            c.canJoin ? (
              <JoinButton competition={c} fitcoins={viewer.fitcoins} />
            ) : (
              <Button size="sm" disabled>
                {joinClosedReason(c, now)}
              </Button>
            )
          ) : null}
          <ShareButton competition={c} />
          {onPage ? null : (
            <Button asChild variant="outline" size="sm">
              <Link href={`/competitions/${c.id}/standings`} aria-label={`${c.name} full standings`}>
                <ListOrdered aria-hidden="true" /> Standings
              </Link>
            </Button>
          )}
          {chatAllowed ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setChatOpen((o) => !o)}
              aria-expanded={chatOpen}
            >
              <MessageCircle aria-hidden="true" /> {chatOpen ? "Hide Chat" : "Chat"}
            </Button>
          ) : null}
          {canExit(c, now) ? <ExitButton competition={c} /> : null}
          {canManage(c, viewer.id, viewer.isAdmin) ? <ManageActions competition={c} /> : null}
        </div>
        {chatAllowed && chatOpen ? (
          <Suspense fallback={<Spinner className="mx-auto my-4 block" label="Loading chat" />}>
            <CompetitionChat competitionId={c.id} name={c.name} viewerId={viewer.id} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
