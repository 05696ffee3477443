import { Gift } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../components/admin-guard";

export function GiftCardOffersPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Gift Card Offers"
        description="The Gift Card of the Month and all offers."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <EmptyState icon={Gift} title="No offers yet">
        Create an offer to set the Gift Card of the Month.
      </EmptyState>
    </AdminGuard>
  );
}
