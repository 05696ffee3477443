import { ExternalLink } from "lucide-react";
import type { Product } from "../../../../core/schemas/store";
import { buttonVariants } from "../../../components/ui/button";
import { dollars } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { CategoryBadge, FeaturedBadge } from "./product-badges";
import { ProductImage } from "./product-image";
import { StarRating } from "./star-rating";

/**
 * A product for sale: picture, Featured and category badges, name, brand, description, rating,
 * price and Buy Now, which opens the affiliate link in a new tab with no opener. `compact` cards
 * lie on their side on phones (picture at the left) so a long list stays short; from the small
 * breakpoint up every card stands upright.
 */
export function ProductCard({ product, compact = false }: { product: Product; compact?: boolean }) {
  return (
    <article
      aria-label={product.name}
      data-testid={`product-${product.id}`}
      className={cn(
        "relative flex w-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm",
        compact ? "flex-row sm:flex-col" : "flex-col",
        product.featured && !compact && "border-amber-200 ring-1 ring-amber-100",
      )}
    >
      <ProductImage
        src={product.imageUrl}
        className={cn(
          "shrink-0",
          compact
            ? "m-3 mr-0 size-28 rounded-xl sm:m-0 sm:aspect-[4/3] sm:size-auto sm:w-full sm:rounded-none"
            : "aspect-[4/3] w-full",
        )}
      />
      <div className={cn("flex min-w-0 flex-1 flex-col gap-2", compact ? "p-3 sm:p-4" : "p-4")}>
        <div className="flex flex-wrap gap-1.5">
          {product.featured ? <FeaturedBadge /> : null}
          <CategoryBadge category={product.category} />
        </div>
        <div className="min-w-0">
          <h3 className="leading-tight font-bold break-words text-slate-900">{product.name}</h3>
          <p className="text-sm font-medium text-slate-600">{product.brand}</p>
        </div>
        <p
          className={cn(
            "text-sm break-words text-slate-700",
            compact ? "line-clamp-2 sm:line-clamp-3" : "line-clamp-3",
          )}
        >
          {product.description}
        </p>
        {product.rating === null ? null : (
          <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <span className="text-xl font-extrabold text-slate-900 tabular-nums">{dollars(product.price)}</span>
          <a
            href={product.affiliateLink}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ size: compact ? "sm" : "default" }))}
          >
            Buy Now <span className="sr-only">{`${product.name} (opens in a new tab)`}</span>
            <ExternalLink aria-hidden="true" />
          </a>
        </div>
      </div>
    </article>
  );
}
