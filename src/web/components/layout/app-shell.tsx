import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { AchievementCelebration } from "../../features/achievements/components/achievement-celebration";
import { AdSlot } from "../../features/ads";
import { useUser } from "../../features/auth/api";
import { VerifyEmailBanner } from "../../features/auth/components/verify-email-banner";
import { getStepTracker } from "../../features/steps/tracker/browser-tracker";
import { LAPTOP_MEDIA, useMediaQuery } from "../../lib/device";
import { whenReadsSettled } from "../../lib/first-screen";
import { whenIdle } from "../../lib/when-idle";
import { setBannerSlot } from "../overlays/app-banners";
import { BottomNav } from "./bottom-nav";
import { DesktopHeader } from "./desktop-header";
import { MobileHeader } from "./mobile-header";

/** The admins' tools carry no ads: they are where ads are made and the books are read. */
const AD_FREE_PATHS = /^\/(admin|ads-admin|marketplace\/admin|email-test)(\/|-|$)/;

/**
 * The 'footer' ad placement, at the end of every member page but the admin tools. The access gate
 * renders it with the page, inside the page's loading boundary, and it arrives once the page's
 * first reads have all answered: below the page's finished content, instead of under a loading
 * screen and then pushed down as the content arrives (a layout shift the member sees). Keyed by
 * the page, so each page's slot counts its own view.
 */
export function FooterAd() {
  const [path] = useLocation();
  return AD_FREE_PATHS.test(path) ? null : <FooterAdOnceSettled key={path} />;
}

function FooterAdOnceSettled() {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  // Run after the page's own effects, which have started its reads by now.
  useEffect(() => (shown ? undefined : whenReadsSettled(client, () => setShown(true))), [client, shown]);
  return shown ? <AdSlot placement="footer" className="mt-8" /> : null;
}

/** The shared layout of specification 1, 2.10, for fully active members. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useUser();
  // One header: the other is hidden by CSS too, but building it costs a phone its first screen.
  const laptop = useMediaQuery(LAPTOP_MEDIA);
  // The tracker starts with the member's first page: pending steps sync, and tracking that was
  // on at the last visit restarts (specification 1, section 4), whichever page they open; once
  // that page is on screen (a page that shows the tracker starts it as it renders).
  useEffect(
    () =>
      whenIdle(() => {
        getStepTracker();
      }),
    [],
  );
  if (!user) return <>{children}</>;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {laptop ? <DesktopHeader user={user} /> : <MobileHeader user={user} />}
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
      </main>
      {laptop ? null : <BottomNav />}
      <AchievementCelebration userId={user.id} />
    </div>
  );
}
