import { Package } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../../admin/components/admin-guard";

export function ProductManagerPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Product Manager"
        description="Products of the Fitness Gear Store."
        backHref="/marketplace"
        backLabel="Gear Store"
      />
      <EmptyState icon={Package} title="No products yet">
        Products you add are listed here, with their affiliate links.
      </EmptyState>
    </AdminGuard>
  );
}
