import { Megaphone } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../../admin/components/admin-guard";

export function AdManagerPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Manage Advertisements"
        description="Ads shown in the app's ad slots."
        backHref="/dashboard"
        backLabel="Home"
      />
      <EmptyState icon={Megaphone} title="No advertisements yet">
        Ads you create are listed here with their views and clicks.
      </EmptyState>
    </AdminGuard>
  );
}
