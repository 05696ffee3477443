import { useQueryClient } from "@tanstack/react-query";
import { Coins, LogIn, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { PullToRefresh } from "../../../components/pull-to-refresh/pull-to-refresh";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useAdminCheck } from "../../admin/api";
import { authKeys, useUser } from "../../auth/api";
import { invalidateCompetitions, useCompetitions } from "../api";
import { fc, splitSections } from "../competition-view";
import { CompetitionCard, type Viewer } from "../components/competition-card";
import { CreateCompetitionButton } from "../components/create-competition-dialog";
import { RecentResults } from "../components/recent-results";
import { useResumeCompetitionInvite } from "../pending-competition-invite";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

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
  const { isAdmin } = useAdminCheck();
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
      description={
        <span className="flex items-center gap-1.5">
          <Coins className="size-4 text-amber-600" aria-hidden="true" /> Your FitCoins:{" "}
          <span className="font-bold text-slate-900 tabular-nums" data-testid="competitions-fitcoins">
            {fc(user.fitcoins)}
          </span>
        </span>
      }
      actions={isAdmin ? <CreateCompetitionButton /> : null}
    />
  );

  if (competitions.isPending) {
    return (
      <>
        {header}
        <div className="flex justify-center py-16">
          <Spinner label="Loading competitions" />
        </div>
      </>
    );
  }

  if (competitions.isError) {
    return (
      <>
        {header}
        <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
          <p className="text-slate-700">Could not load competitions.</p>
          <Button variant="outline" onClick={() => void competitions.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  }

  const { currentlyActive, availableToJoin, recentResults } = splitSections(competitions.data ?? []);
  const nothing = currentlyActive.length === 0 && availableToJoin.length === 0;

  return (
    <PullToRefresh onRefresh={refresh}>
      {header}
      <div className="grid gap-8">
        {currentlyActive.length > 0 ? (
          <Section title="Currently Active">
            {currentlyActive.map((c) => (
              <CompetitionCard key={c.id} competition={c} viewer={viewer} />
            ))}
          </Section>
        ) : null}
        {availableToJoin.length > 0 ? (
          <Section title="Available to Join">
            {availableToJoin.map((c) => (
              <CompetitionCard key={c.id} competition={c} viewer={viewer} />
            ))}
          </Section>
        ) : null}
        {nothing ? (
          <EmptyState icon={Trophy} title="No Competitions Available">
            Check back soon for new competitions!
          </EmptyState>
        ) : null}
        {recentResults.length > 0 ? <RecentResults competitions={recentResults} viewerId={user.id} /> : null}
      </div>
    </PullToRefresh>
  );
}
