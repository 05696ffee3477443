import { Sparkles } from "lucide-react";
import { cn } from "../../../lib/utils";
import { categoryLabel } from "../store-view";

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold";

export function FeaturedBadge({ className }: { className?: string }) {
  return (
    <span className={cn(badge, "bg-amber-100 text-amber-900 ring-1 ring-amber-300", className)}>
      <Sparkles className="size-3" aria-hidden="true" /> Featured
    </span>
  );
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span className={cn(badge, "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200", className)}>
      {categoryLabel(category)}
    </span>
  );
}

export function InactiveBadge() {
  return <span className={cn(badge, "bg-slate-200 text-slate-800")}>Inactive</span>;
}
