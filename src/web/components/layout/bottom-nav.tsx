import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "../../lib/utils";
import { FloatingPlusButton } from "./floating-plus-button";
import { bottomNavItems, isActivePath } from "./nav-items";

/** The one bottom navigation (DESIGN.md section 1): Home, Compete, Groups, Badges, Wallet, then the floating plus. */
export function BottomNav() {
  const [path] = useLocation();

  // Lets overlays (install and update banners) sit above the bar.
  useEffect(() => {
    document.documentElement.dataset.bottomNav = "";
    return () => {
      delete document.documentElement.dataset.bottomNav;
    };
  }, []);

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-lg items-center">
        <ul className="grid flex-1 grid-cols-5">
          {bottomNavItems.map(({ label, href, icon: Icon }) => {
            const active = isActivePath(href, path);
            return (
              <li key={label}>
                <Link
                  href={href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex h-16 flex-col items-center justify-center gap-1 rounded-xl text-[11px] font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-inset",
                    active ? "text-emerald-700" : "text-slate-600 hover:text-slate-900",
                  )}
                >
                  <span
                    className={cn(
                      "flex h-7 w-12 items-center justify-center rounded-full transition-colors",
                      active && "bg-emerald-100",
                    )}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
        <FloatingPlusButton />
      </div>
    </nav>
  );
}
