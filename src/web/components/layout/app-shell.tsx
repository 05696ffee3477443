import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { AchievementCelebration } from "../../features/achievements/components/achievement-celebration";
import { useAdminCheck } from "../../features/admin/api";
import { AdSlot } from "../../features/ads";
import { useUser } from "../../features/auth/api";
import { VerifyEmailBanner } from "../../features/auth/components/verify-email-banner";
import { getStepTracker } from "../../features/steps/tracker/browser-tracker";
import { setBannerSlot } from "../overlays/app-banners";
import { BottomNav } from "./bottom-nav";
import { DesktopHeader } from "./desktop-header";
import { MobileHeader } from "./mobile-header";

/** The admins' tools carry no ads: they are where ads are made and the books are read. */
const AD_FREE_PATHS = /^\/(admin|ads-admin|marketplace\/admin|email-test)(\/|-|$)/;

/** The shared layout of specification 1, 2.10, for fully active members. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useUser();
  const { isAdmin } = useAdminCheck();
  const [path] = useLocation();
  // The tracker starts with the member's first page: pending steps sync, and tracking that was
  // on at the last visit restarts (specification 1, section 4), whichever page they open.
  useEffect(() => {
    getStepTracker();
  }, []);
  if (!user) return <>{children}</>;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <MobileHeader user={user} isAdmin={isAdmin} />
      <DesktopHeader user={user} isAdmin={isAdmin} />
      {/* The phone's bottom padding keeps the page's end clear of the bottom bar (4rem, the
          floating plus inside it, and the safe area) with a gap, so the last controls can always
          be scrolled above it. */}
      <main
        id="main"
        className="mx-auto w-full max-w-6xl px-4 pt-4 pb-[calc(5.5rem+env(safe-area-inset-bottom))] md:px-6 md:pt-8 md:pb-12"
      >
        {/* The install and update banners, in the page's flow (components/overlays/app-banners). */}
        <div ref={setBannerSlot} className="mb-4 grid justify-items-center gap-2 empty:hidden" />
        <VerifyEmailBanner />
        {children}
        {/* The 'footer' placement: the end of every member page, above the bottom bar. Keyed by
            the page, so each page's slot counts its own view. */}
        {AD_FREE_PATHS.test(path) ? null : <AdSlot key={path} placement="footer" className="mt-8" />}
      </main>
      <BottomNav />
      <AchievementCelebration userId={user.id} />
    </div>
  );
}
