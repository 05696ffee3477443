import { Ticket, Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { BrandedPage } from "../../../components/layout/branded-page";
import { ListError } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useAdminCheck } from "../../admin/api";
import { useUser } from "../../auth/api";
import { useInviteCompetition } from "../api";
import { CompetitionCard } from "../components/competition-card";
import { LoadingCompetition } from "../components/loading-competition";
import { forgetCompetitionInvite } from "../pending-competition-invite";

/** A visitor: sign in first; the code was kept on arrival and brings them back here. */
function SignInFirst({ code }: { code: string }) {
  return (
    <BrandedPage>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-600">
            <Trophy className="size-7" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Join Competition</CardTitle>
          <CardDescription>You've been invited to a StepRace step competition.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center justify-center gap-2 rounded-xl bg-slate-100 px-4 py-3">
            <Ticket className="size-5 text-slate-600" aria-hidden="true" />
            <span className="text-sm text-slate-600">Invite code</span>
            <code className="font-mono text-base font-bold break-all text-slate-900">{code}</code>
          </div>
          <p className="text-center text-sm text-slate-600">
            Log in to see the competition and join. Your invite is saved and brings you back here.
          </p>
          <Button asChild size="lg">
            <Link href="/login">Log In to Join</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/register">Create an Account</Link>
          </Button>
        </CardContent>
      </Card>
    </BrandedPage>
  );
}

function InviteCompetition({ code }: { code: string }) {
  const user = useUser();
  const { isAdmin } = useAdminCheck();
  const competition = useInviteCompetition(code);

  useEffect(() => {
    void forgetCompetitionInvite(code);
  }, [code]);

  if (competition.isPending) return <LoadingCompetition />;
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader title="Join Competition" backHref="/competitions" backLabel="All competitions" />
      {competition.isError ? (
        <ListError message="Could not load this competition." onRetry={() => void competition.refetch()} />
      ) : competition.data ? (
        <CompetitionCard
          competition={competition.data}
          viewer={{ id: user?.id, fitcoins: user?.fitcoins ?? null, isAdmin }}
        />
      ) : (
        <EmptyState
          icon={Trophy}
          title="Competition Not Found"
          action={
            <Button asChild>
              <Link href="/competitions">See Competitions</Link>
            </Button>
          }
        >
          This invite link is not valid, or the competition was deleted.
        </EmptyState>
      )}
    </div>
  );
}

/** /competitions/join/{code}: the invited competition's card with Join; visitors sign in first. */
export function CompetitionJoinPage({ params }: PageProps) {
  const user = useUser();
  const code = params.inviteCode ?? "";
  if (!user) return <SignInFirst code={code} />;
  return <InviteCompetition code={code} />;
}
