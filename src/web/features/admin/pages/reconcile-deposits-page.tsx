import { PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../components/admin-guard";
import { UserReconcileCheck } from "../components/user-reconcile-check";

export function ReconcileDepositsPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Deposit Reconciliation"
        description="Check card payments of the last 30 days against wallet deposits."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <div className="mx-auto w-full max-w-2xl">
        <UserReconcileCheck title="Check Deposits" failureTitle="Reconciliation Failed" />
      </div>
    </AdminGuard>
  );
}
