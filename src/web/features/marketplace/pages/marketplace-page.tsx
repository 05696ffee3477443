import { PackageSearch, Settings2, ShoppingBag } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { useIsAdmin } from "../../admin/api";
import { useProducts } from "../api";
import { ProductCard } from "../components/product-card";
import { StoreFilters } from "../components/store-filters";
import { ALL_CATEGORIES, type CategoryFilter, splitProducts } from "../store-view";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 grid-cols-1 gap-3">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /marketplace, 'Fitness Gear Store' (specification 3 section 2): affiliate gear, searchable. */
export function MarketplacePage() {
  const products = useProducts();
  const isAdmin = useIsAdmin();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORIES);

  let body: ReactNode;
  if (products.isPending) {
    body = <ListLoading label="Loading products" />;
  } else if (products.isError) {
    body = <ListError message="Could not load the products." onRetry={() => void products.refetch()} />;
  } else {
    const { featured, others, total } = splitProducts(products.data ?? [], search, category);
    if (total === 0) {
      body = (
        <EmptyState icon={ShoppingBag} title="No products yet">
          Products will be added soon!
        </EmptyState>
      );
    } else {
      body = (
        <div className="grid grid-cols-1 gap-8">
          <StoreFilters
            search={search}
            onSearchChange={setSearch}
            category={category}
            onCategoryChange={setCategory}
          />
          {featured.length === 0 && others.length === 0 ? (
            <EmptyState icon={PackageSearch} title="No products found">
              Try adjusting your search or filter criteria.
            </EmptyState>
          ) : null}
          {featured.length > 0 ? (
            <Section id="featured-products" title="Featured Products">
              {/* On a phone the featured cards slide sideways, one and a bit in view. */}
              <div className="-mx-4 flex min-w-0 snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-4 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
                {featured.map((p) => (
                  <div key={p.id} className="flex w-[85%] shrink-0 snap-start only:w-full sm:w-auto">
                    <ProductCard product={p} />
                  </div>
                ))}
              </div>
            </Section>
          ) : null}
          {others.length > 0 ? (
            <Section id="other-products" title={`Other Products (${others.length})`}>
              <div className="grid grid-cols-1 items-stretch gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
                {others.map((p) => (
                  <ProductCard key={p.id} product={p} compact />
                ))}
              </div>
            </Section>
          ) : null}
        </div>
      );
    }
  }

  return (
    <>
      <PageHeader
        title="Fitness Gear Store"
        description="Shoes, activewear and equipment picked for walkers."
        backHref="/"
        backLabel="Home"
        actions={
          isAdmin ? (
            <Button asChild variant="outline" size="sm">
              <Link href="/marketplace/admin">
                <Settings2 aria-hidden="true" /> Product Manager
              </Link>
            </Button>
          ) : null
        }
      />
      {body}
    </>
  );
}
