import { CircleHelp, Gift, type LucideIcon, Star, User, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { hasActiveSubscription } from "../../app/access-rules";
import { type User as SessionUser, useUser } from "../../features/auth/api";
import { signOutClick } from "../../lib/sign-out";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Brand } from "./brand";
import { isActivePath } from "./nav-items";
import { SiteFooter } from "./site-footer";

const ownMoneyItems: { label: string; href: string; icon: LucideIcon }[] = [
  { label: "Wallet", href: "/wallet", icon: Wallet },
  { label: "Redeem", href: "/redeem", icon: Gift },
  { label: "Points", href: "/points", icon: Star },
  { label: "Profile", href: "/profile", icon: User },
  { label: "Help", href: "/help", icon: CircleHelp },
];

/** What a member who cannot compete yet is asked to do next. */
function nextStep(user: SessionUser): { label: string; href: string } {
  if (!hasActiveSubscription(user)) {
    return { label: user.subscriptionStatus === "expired" ? "Renew" : "Subscribe", href: "/subscribe" };
  }
  return { label: "Accept the rules", href: "/community-rules" };
}

/**
 * The plain layout: help pages for visitors, and for a member who cannot compete (no subscription,
 * or the rules not yet accepted) their own money and account, without the competing pages or the
 * step tracker (DESIGN 1, lapsed members).
 */
export function SimpleShell({ children }: { children: ReactNode }) {
  const user = useUser();
  const [path] = useLocation();
  const next = user ? nextStep(user) : null;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 md:px-6">
          <Brand home size="md" />
          {user && next ? (
            <div className="flex items-center gap-2">
              <Button asChild size="sm">
                <Link href={next.href}>{next.label}</Link>
              </Button>
              <a
                href="/api/logout"
                onClick={signOutClick}
                className="rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:text-slate-900"
              >
                Sign out
              </a>
            </div>
          ) : (
            <div className="flex items-center gap-1">
              <Button asChild variant="ghost" size="sm">
                <a href="/api/login">Sign In</a>
              </Button>
              <Button asChild size="sm">
                <Link href="/register">Sign Up</Link>
              </Button>
            </div>
          )}
        </div>
        {user ? (
          <nav aria-label="Your account" className="mx-auto max-w-6xl overflow-x-auto px-2 pb-2 md:px-4">
            <ul className="flex w-max gap-1">
              {ownMoneyItems.map(({ label, href, icon: Icon }) => {
                const active = isActivePath(href, path);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
                        active ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
                      )}
                    >
                      <Icon className="size-4" aria-hidden="true" />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-10 md:px-6 md:pt-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
