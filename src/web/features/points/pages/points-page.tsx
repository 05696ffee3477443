import { Star } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function PointsPage() {
  return (
    <>
      <PageHeader
        title="Points & Rewards"
        description="Earn 20 points for every 500 steps and redeem them for gift cards."
      />
      <EmptyState icon={Star} title="No points earned yet">
        Points from your steps, daily milestones and streaks appear here.
      </EmptyState>
    </>
  );
}
