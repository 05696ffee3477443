import { Link } from "wouter";
import { formatYear } from "../../lib/format";
import { cn } from "../../lib/utils";

/** Help, Terms and Privacy: one footer for the landing page and the simple layout. */
export function SiteFooterLinks({ className }: { className?: string }) {
  return (
    <nav
      aria-label="Help and legal"
      className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1", className)}
    >
      <Link href="/help" className="font-semibold text-slate-700 hover:text-emerald-700 hover:underline">
        Help
      </Link>
      <Link href="/terms" className="font-semibold text-slate-700 hover:text-emerald-700 hover:underline">
        Terms
      </Link>
      <Link href="/privacy" className="font-semibold text-slate-700 hover:text-emerald-700 hover:underline">
        Privacy
      </Link>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row md:px-6">
        <SiteFooterLinks />
        <p>&copy; {formatYear()} StepRace</p>
      </div>
    </footer>
  );
}
