import { Landmark } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../components/admin-guard";

export function ReconcileDepositsPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Deposit Reconciliation"
        description="Check card payments of the last 30 days against wallet deposits."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <EmptyState icon={Landmark} title="No check run yet">
        Run a check to find card payments that never reached a wallet.
      </EmptyState>
    </AdminGuard>
  );
}
