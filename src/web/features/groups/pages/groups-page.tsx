import { Users } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function GroupsPage() {
  return (
    <>
      <PageHeader title="Groups" description="Compete with friends in private or public groups." />
      <EmptyState icon={Users} title="No Groups Yet">
        Create a group or join one with an invite code.
      </EmptyState>
    </>
  );
}
