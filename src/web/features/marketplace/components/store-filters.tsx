import { Search, X } from "lucide-react";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";
import { CATEGORY_FILTERS, type CategoryFilter } from "../store-view";

/** The search box (name, brand, description) and the category chips, All first. */
export function StoreFilters({
  search,
  onSearchChange,
  category,
  onCategoryChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  category: CategoryFilter;
  onCategoryChange: (category: CategoryFilter) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="relative">
        <label htmlFor="store-search" className="sr-only">
          Search products
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id="store-search"
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search products, brands..."
          autoComplete="off"
          enterKeyHint="search"
          className="pr-11 pl-10 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearchChange("")}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {/* min-w-0: a fieldset is at least as wide as its content, which would widen the page. */}
      <fieldset className="min-w-0">
        <legend className="sr-only">Category</legend>
        <div className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:flex-wrap md:overflow-visible md:px-0">
          {CATEGORY_FILTERS.map((c) => {
            const selected = c.value === category;
            return (
              <button
                key={c.value}
                type="button"
                aria-pressed={selected}
                onClick={() => onCategoryChange(c.value)}
                className={cn(
                  "h-9 shrink-0 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-1",
                  selected
                    ? "border-emerald-700 bg-emerald-700 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-slate-900",
                )}
              >
                {c.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
