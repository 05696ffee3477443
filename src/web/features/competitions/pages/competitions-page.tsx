import { useQueryClient } from "@tanstack/react-query";
import { LogIn, Trophy } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { FitcoinsLine, ListError, ListLoading, ListSection } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { PullToRefresh } from "../../../components/pull-to-refresh/pull-to-refresh";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useIsAdmin } from "../../admin/api";
import { withAdBetween } from "../../ads";
import { authKeys, useUser } from "../../auth/api";
import { invalidateCompetitions, useCompetitions } from "../api";
import { splitSections } from "../competition-view";
import { CompetitionCard, type Viewer } from "../components/competition-card";
import { RecentResults } from "../components/recent-results";
import { useResumeCompetitionInvite } from "../pending-competition-invite";

// Site admins' create form: loaded for them only, not with every member's first screen.
const CreateCompetitionButton = lazy(async () => ({
  default: (await import("../components/create-competition-dialog")).CreateCompetitionButton,
}));

function LoginRequired() {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <LogIn className="size-10 text-emerald-700" aria-hidden="true" />
        <CardTitle>Login Required</CardTitle>
        <CardDescription>Sign in to see and join step competitions.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/login">Login to View Competitions</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /competitions (specification 2 section 2). */
export function CompetitionsPage() {
  const user = useUser();
  const isAdmin = useIsAdmin();
  const competitions = useCompetitions(user !== null);
  const queryClient = useQueryClient();
  useResumeCompetitionInvite();

  if (!user) return <LoginRequired />;

  const viewer: Viewer = { id: user.id, fitcoins: user.fitcoins, isAdmin };
  const refresh = () =>
    Promise.all([
      invalidateCompetitions(queryClient),
      queryClient.invalidateQueries({ queryKey: authKeys.user }),
    ]);
  const header = (
    <PageHeader
      title="Competitions"
      description={<FitcoinsLine fitcoins={user.fitcoins} testId="competitions-fitcoins" />}
      actions={
        isAdmin ? (
          <Suspense fallback={null}>
            <CreateCompetitionButton />
          </Suspense>
        ) : null
      }
    />
  );

  if (competitions.isPending) {
    return (
      <>
        {header}
        <ListLoading label="Loading competitions" />
      </>
    );
  }

  if (competitions.isError) {
    return (
      <>
        {header}
        <ListError message="Could not load competitions." onRetry={() => void competitions.refetch()} />
      </>
    );
  }

  const { currentlyActive, availableToJoin, recentResults } = splitSections(competitions.data ?? []);
  const nothing = currentlyActive.length === 0 && availableToJoin.length === 0;
  const cards = (list: typeof availableToJoin) =>
    list.map((c) => <CompetitionCard key={c.id} competition={c} viewer={viewer} />);
  // One ad among the cards, in the list to browse when it can hold one (between two of its cards).
  const adInAvailable = availableToJoin.length >= 2;

  return (
    <PullToRefresh onRefresh={refresh}>
      {header}
      <div className="grid gap-8">
        {currentlyActive.length > 0 ? (
          <ListSection title="Currently Active">
            {adInAvailable ? cards(currentlyActive) : withAdBetween(cards(currentlyActive))}
          </ListSection>
        ) : null}
        {availableToJoin.length > 0 ? (
          <ListSection title="Available to Join">
            {adInAvailable ? withAdBetween(cards(availableToJoin)) : cards(availableToJoin)}
          </ListSection>
        ) : null}
        {nothing ? (
          <EmptyState icon={Trophy} title="No Competitions Available">
            Check back soon for new competitions!
          </EmptyState>
        ) : null}
        {recentResults.length > 0 ? (
          // Finished rounds come after the ones to play and to join: once those are painted.
          <BelowFirstView>
            <RecentResults competitions={recentResults} viewerId={user.id} />
          </BelowFirstView>
        ) : null}
      </div>
    </PullToRefresh>
  );
}
