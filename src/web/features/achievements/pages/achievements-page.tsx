import { Award } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function AchievementsPage() {
  return (
    <>
      <PageHeader title="Badges" description="Your achievement gallery." />
      <EmptyState icon={Award} title="No badges unlocked yet">
        Walk, compete and join groups to unlock step, competition, social and milestone badges.
      </EmptyState>
    </>
  );
}
