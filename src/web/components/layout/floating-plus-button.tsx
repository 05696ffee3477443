import { Plus } from "lucide-react";
import { Link, useLocation } from "wouter";
import { isActivePath } from "./nav-items";

/**
 * The mobile shell's floating plus (specification 1, 2.10): to the competitions. It sits in the
 * bottom bar's own last cell, raised as a round button but inside the bar's height, so it covers
 * nothing of the page at any scroll position (issue 25: no fixed element may cover text or a
 * control); the page's bottom padding keeps its end clear of the bar. The cell stays on the
 * competitions page, where the plus is not offered, so the bar's items never move.
 */
export function FloatingPlusButton() {
  const [path] = useLocation();
  return (
    <div className="flex h-16 w-[4.5rem] shrink-0 items-center justify-center">
      {isActivePath("/competitions", path) ? null : (
        <Link
          href="/competitions"
          aria-label="Join a competition"
          data-testid="floating-plus"
          className="flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg shadow-emerald-900/25 outline-none hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 active:bg-emerald-900"
        >
          <Plus className="size-7" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}
