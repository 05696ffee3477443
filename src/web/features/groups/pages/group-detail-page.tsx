import { Users } from "lucide-react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";

export function GroupDetailPage({ params }: PageProps) {
  return (
    <>
      <PageHeader title="Group" backHref="/groups" backLabel="Groups" />
      <EmptyState
        icon={Users}
        title="No group data available."
        action={
          <Button asChild variant="outline">
            <Link href="/groups">Back to Groups</Link>
          </Button>
        }
      >
        Group #{params.id}
      </EmptyState>
    </>
  );
}
