import { MonitorCheck } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../components/admin-guard";

export function PaymentMonitorPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Payment Monitor"
        description="System-wide monitoring and per-user checks of deposits."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <EmptyState icon={MonitorCheck} title="Nothing to report">
        Recommended schedule: daily global check, immediately on a user report, weekly health check.
      </EmptyState>
    </AdminGuard>
  );
}
