import { ShoppingBag } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";

export function MarketplacePage() {
  return (
    <>
      <PageHeader
        title="Fitness Gear Store"
        description="Shoes, activewear and equipment picked for walkers."
        backHref="/"
        backLabel="Home"
      />
      <EmptyState icon={ShoppingBag} title="No products yet">
        Products will be added soon!
      </EmptyState>
    </>
  );
}
