import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import type { Product } from "../../../../core/schemas/store";
import { Button, buttonVariants } from "../../../components/ui/button";
import { dollars } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { categoryLabel, reviewsLabel } from "../store-view";
import { FeaturedBadge, InactiveBadge } from "./product-badges";
import { ProductImage } from "./product-image";

/** A product in the product manager: inactive ones dimmed and labelled; Edit, View Link, Delete. */
export function ProductAdminRow({
  product,
  editing,
  onEdit,
  onDelete,
}: {
  product: Product;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article
      aria-label={product.name}
      data-testid={`admin-product-${product.id}`}
      className={cn(
        "grid gap-3 rounded-2xl border bg-white p-3 shadow-sm sm:p-4",
        product.active ? "border-slate-200" : "border-dashed border-slate-300 bg-slate-50",
        editing && "ring-2 ring-emerald-600",
      )}
    >
      <div className="flex gap-3">
        <ProductImage
          src={product.imageUrl}
          className={cn("size-20 shrink-0 rounded-xl sm:size-24", !product.active && "opacity-50 grayscale")}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap gap-1.5">
            {product.active ? null : <InactiveBadge />}
            {product.featured ? <FeaturedBadge /> : null}
          </div>
          <h3
            className={cn(
              "mt-1 leading-tight font-bold break-words",
              product.active ? "text-slate-900" : "text-slate-600",
            )}
          >
            {product.name}
          </h3>
          <p className="text-sm text-slate-600">
            {product.brand} · {categoryLabel(product.category)}
          </p>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="text-base font-bold text-slate-900 tabular-nums">{dollars(product.price)}</span>
            {product.rating === null ? null : (
              <span className="text-slate-600">
                {product.rating.toFixed(1)} <span aria-hidden="true">★</span>
                <span className="sr-only">stars</span> {reviewsLabel(product.reviewCount)}
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${product.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <a
          href={product.affiliateLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View Link for ${product.name} (opens in a new tab)`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <ExternalLink aria-hidden="true" /> View Link
        </a>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${product.name}`}
          className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
    </article>
  );
}
