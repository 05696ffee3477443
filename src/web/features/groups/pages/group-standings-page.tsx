import type { PageProps } from "../../../app/pages";
import { FullStandings, useStandingsPage } from "../../../components/standings/full-standings";
import { useUser } from "../../auth/api";
import { useGroupStandings } from "../api";

/** /groups/{id}/standings (the current round) and /groups/{id}/rounds/{roundId}/standings. */
export function GroupStandingsPage({ params }: PageProps) {
  const user = useUser();
  const id = Number(params.id);
  const roundId = params.roundId ? Number(params.roundId) : null;
  const [page, setPage] = useStandingsPage();
  const query = useGroupStandings(id, roundId, page);
  return (
    <FullStandings
      title="Group standings"
      backHref={`/groups/${id}`}
      backLabel="Group"
      query={query}
      viewerId={user?.id}
      page={page}
      onPage={setPage}
    />
  );
}
