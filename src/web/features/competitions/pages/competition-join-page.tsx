import { Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { BrandedPage } from "../../../components/layout/branded-page";
import { ListError } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { useIsAdmin } from "../../admin/api";
import { useUser } from "../../auth/api";
import { useInviteCompetition } from "../api";
import { CompetitionCard } from "../components/competition-card";
import { InvitePreviewCard } from "../components/invite-preview-card";
import { LoadingCompetition } from "../components/loading-competition";
import { forgetCompetitionInvite } from "../pending-competition-invite";

function InviteCompetition({ code }: { code: string }) {
  const user = useUser();
  const isAdmin = useIsAdmin();
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

/**
 * /competitions/join/{code}: the invited competition's card with Join; a visitor sees its public
 * preview and signs up or in, coming back here.
 */
export function CompetitionJoinPage({ params }: PageProps) {
  const user = useUser();
  const code = params.inviteCode ?? "";
  if (!user) {
    return (
      <BrandedPage>
        <InvitePreviewCard code={code} />
      </BrandedPage>
    );
  }
  return <InviteCompetition code={code} />;
}
