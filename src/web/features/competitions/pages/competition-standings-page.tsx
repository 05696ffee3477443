import type { PageProps } from "../../../app/pages";
import { FullStandings, useStandingsPage } from "../../../components/standings/full-standings";
import { useUser } from "../../auth/api";
import { useCompetitionStandings } from "../api";
import { competitionPath } from "../competition-view";

/** /competitions/{id}/standings: the competition's full standings, paged. */
export function CompetitionStandingsPage({ params }: PageProps) {
  const user = useUser();
  const id = Number(params.id);
  const [page, setPage] = useStandingsPage();
  const query = useCompetitionStandings(id, page);
  return (
    <FullStandings
      title="Standings"
      backHref={competitionPath(id)}
      backLabel="Competition"
      query={query}
      viewerId={user?.id}
      page={page}
      onPage={setPage}
    />
  );
}
