import { useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { FitcoinsLine, ListError, ListLoading, ListSection } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { PullToRefresh } from "../../../components/pull-to-refresh/pull-to-refresh";
import { useIsAdmin } from "../../admin/api";
import { withAdBetween } from "../../ads";
import { authKeys, useUser } from "../../auth/api";
import { invalidateGroups, useGroups } from "../api";
import { CreateGroupButton } from "../components/create-group-button";
import { GroupCard } from "../components/group-card";
import { JoinGroupCard } from "../components/join-group-card";
import { canManageGroup, visibleGroups } from "../group-view";

/** /groups (specification 2 section 2): the member's groups, then public ones to discover. */
export function GroupsPage() {
  const user = useUser();
  const isAdmin = useIsAdmin();
  const groups = useGroups(user !== null);
  const queryClient = useQueryClient();
  if (!user) return null;

  const refresh = () =>
    Promise.all([invalidateGroups(queryClient), queryClient.invalidateQueries({ queryKey: authKeys.user })]);
  const header = (
    <PageHeader
      title="Groups"
      description={<FitcoinsLine fitcoins={user.fitcoins} testId="groups-fitcoins" />}
      actions={<CreateGroupButton />}
    />
  );

  let body: ReactNode;
  if (groups.isPending) {
    body = <ListLoading label="Loading groups" />;
  } else if (groups.isError) {
    body = <ListError message="Could not load groups." onRetry={() => void groups.refetch()} />;
  } else {
    const list = visibleGroups(groups.data ?? []);
    const mine = list.filter((g) => g.role !== null);
    const discover = list.filter((g) => g.role === null);
    const viewer = { id: user.id, isAdmin };
    const cards = (items: typeof list) =>
      items.map((g) => (
        <GroupCard key={g.id} group={g} viewerId={user.id} canManage={canManageGroup(g, viewer)} />
      ));
    // One ad among the cards: in the member's own groups when they can hold one, else the public ones.
    const adInMine = mine.length >= 2;
    body = (
      <>
        {mine.length > 0 ? (
          <ListSection title="My Groups">{adInMine ? withAdBetween(cards(mine)) : cards(mine)}</ListSection>
        ) : (
          <EmptyState icon={Users} title="No Groups Yet">
            Create a group for your friends, family or team, or join one with an invite code.
          </EmptyState>
        )}
        {discover.length > 0 ? (
          <ListSection title="Public Groups">
            {adInMine ? cards(discover) : withAdBetween(cards(discover))}
          </ListSection>
        ) : null}
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      {header}
      <div className="grid grid-cols-1 gap-8">
        <JoinGroupCard />
        {body}
      </div>
    </PullToRefresh>
  );
}
