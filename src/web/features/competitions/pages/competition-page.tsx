import { ListOrdered, MessageCircle, SearchX } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import type { CompetitionDetail } from "../../../../core/schemas/competitions";
import type { PageProps } from "../../../app/pages";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { StandingsList } from "../../../components/standings/standings-list";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { pathId } from "../../../lib/path-id";
import { useIsAdmin } from "../../admin/api";
import { type User, useUser } from "../../auth/api";
import { useCompetitionDetail } from "../api";
import { chatTitle, rankLabel } from "../competition-view";
import { CompetitionCard } from "../components/competition-card";

const CompetitionChat = lazy(async () => ({
  default: (await import("../components/competition-chat")).CompetitionChat,
}));

/** How many of the standings the page lists before "Full standings". */
const PAGE_STANDINGS = 10;

function NotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Competition Not Found"
      action={
        <Button asChild>
          <Link href="/competitions">See Competitions</Link>
        </Button>
      }
    >
      <span className="block text-sm font-bold tracking-widest text-indigo-700">404</span>
      This competition does not exist, or it was deleted.
    </EmptyState>
  );
}

function Standings({ c, viewerId }: { c: CompetitionDetail; viewerId: number }) {
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:p-6">
        <StandingsList
          name={c.name}
          entries={c.standings.entries}
          viewerId={viewerId}
          ownRank={c.userRank ? rankLabel(c.userRank) : null}
          limit={PAGE_STANDINGS}
          title={`Standings · ${formatCount(c.standings.total)} ${c.standings.total === 1 ? "walker" : "walkers"}`}
        />
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link href={`/competitions/${c.id}/standings`}>
            <ListOrdered aria-hidden="true" /> Full standings
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The chat: participants and site admins (DESIGN 1, chat access); others are told how to get in. */
function Chat({ c, user, isAdmin }: { c: CompetitionDetail; user: User; isAdmin: boolean }) {
  if (c.isParticipant || isAdmin) {
    return (
      <Suspense fallback={<Spinner className="mx-auto my-4 block" label="Loading chat" />}>
        <CompetitionChat competitionId={c.id} name={c.name} viewerId={user.id} />
      </Suspense>
    );
  }
  return (
    <Card role="region" aria-label={chatTitle(c.name)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageCircle className="size-5 text-emerald-700" aria-hidden="true" /> {chatTitle(c.name)}
        </CardTitle>
        <CardDescription>
          {c.canJoin
            ? "The chat is for the walkers in this competition. Join to read it and cheer them on."
            : "The chat is for the walkers in this competition."}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * /competitions/{id} (issue 32): the competition's own page, where links about it lead: its card
 * (join through the same guidelines dialog as the list, leave until the start, share, manage), its
 * standings, its chat. Signed out, the access gate sends the visitor to sign in and back here.
 */
export function CompetitionPage({ params }: PageProps) {
  const user = useUser();
  const isAdmin = useIsAdmin();
  const id = pathId(params.id);
  const detail = useCompetitionDetail(id ?? 0, 1, id !== null && user !== null);

  if (id === null) return <NotFound />;
  if (!user || detail.isPending) return <ListLoading label="Loading competition" />;
  if (detail.isError) {
    return <ListError message="Could not load this competition." onRetry={() => void detail.refetch()} />;
  }
  const c = detail.data;
  if (!c) return <NotFound />;

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader title={c.name} backHref="/competitions" backLabel="Competitions" />
      <div className="grid gap-5">
        <CompetitionCard competition={c} viewer={{ id: user.id, fitcoins: user.fitcoins, isAdmin }} onPage />
        <Standings c={c} viewerId={user.id} />
        <Chat c={c} user={user} isAdmin={isAdmin} />
      </div>
    </div>
  );
}
