import { Trophy } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function CompetitionsPage() {
  return (
    <>
      <PageHeader title="Competitions" description="Step challenges with prize pools." />
      <EmptyState icon={Trophy} title="No Competitions Available">
        Check back soon for new competitions!
      </EmptyState>
    </>
  );
}
