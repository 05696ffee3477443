import { Mail } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../../admin/components/admin-guard";

export function EmailTestPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Email Test"
        description="Send test emails and read the latest messages of the outbox."
      />
      <EmptyState icon={Mail} title="No emails sent yet">
        Welcome, achievement, competition, reminder and winner emails appear here once sent.
      </EmptyState>
    </AdminGuard>
  );
}
