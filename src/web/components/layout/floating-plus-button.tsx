import { Plus } from "lucide-react";
import { Link, useLocation } from "wouter";
import { isActivePath } from "./nav-items";

/** The mobile shell's floating plus (specification 1, 2.10): to the competitions, above the bottom bar. */
export function FloatingPlusButton() {
  const [path] = useLocation();
  if (isActivePath("/competitions", path)) return null;
  return (
    <Link
      href="/competitions"
      aria-label="Join a competition"
      className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg shadow-emerald-900/25 outline-none hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 active:bg-emerald-900 md:hidden"
    >
      <Plus className="size-7" aria-hidden="true" />
    </Link>
  );
}
