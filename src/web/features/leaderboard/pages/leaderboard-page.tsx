import { ChartColumn } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function LeaderboardPage() {
  return (
    <>
      <PageHeader title="Leaderboard" description="This week's steps of all active members." />
      <EmptyState icon={ChartColumn} title="No steps this week yet">
        The top 50 members and your own rank appear here as steps are synced.
      </EmptyState>
    </>
  );
}
