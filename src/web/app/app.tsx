import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ConnectionError } from "../components/layout/connection-error";
import { LoadBoundary } from "../components/load-boundary";
import { ConnectivityBanner } from "../components/overlays/connectivity-banner";
import { PerformanceOverlayHotkey } from "../components/overlays/performance-hotkey";
import { lazyPart, useLazyPart } from "../components/ui/lazy-part";
import { useToasts } from "../components/ui/use-toast";
import { isIos, isStandalone } from "../lib/device";
import { useExternalStore } from "../lib/external-store";
import { useFirstScreenSettledNow } from "../lib/first-screen";
import { installPromptStore } from "../lib/install-prompt";
import { updateAvailableStore } from "../lib/update-available";
import { AccessGate } from "./access-gate";
import { Providers } from "./providers";

// The install and update banners: loaded when one of them may show, which happens online. The
// offline banner and badge are in the entry: when they are needed, the network is not.
const AppBanners = lazy(async () => ({
  default: (await import("../components/overlays/app-banners")).AppBanners,
}));

/** Stays true once `now` has been true. */
function useOnceTrue(now: boolean): boolean {
  const [seen, setSeen] = useState(now);
  if (now && !seen) setSeen(true);
  return seen || now;
}

/**
 * An install offer, an update waiting, or iOS, where the install hint is shown by hand: the banners
 * then load, told on which page the first of them arrived (in the page's flow, one waits for the
 * next page rather than push down what the member reads).
 */
function WhenBannerPossible() {
  const [page] = useLocation();
  const offer = useExternalStore(installPromptStore) !== null;
  const update = useExternalStore(updateAvailableStore);
  const [arrivedOn, setArrivedOn] = useState<string | null>(null);
  if ((offer || update || (isIos() && !isStandalone())) && arrivedOn === null) setArrivedOn(page);
  return arrivedOn === null ? null : (
    <Suspense fallback={null}>
      <AppBanners arrivedOn={arrivedOn} />
    </Suspense>
  );
}

// Radix toast: its code is warmed a few seconds after the visit's first screen is on the page (as
// a screen's dialogs are, after the screen), or loaded with the first toast if that comes sooner;
// until it arrives the toast waits in the store. Warmed, because the toast most likely to be the
// first is "Connection Error", raised when the network is gone and the code can no longer be fetched.
const toaster = lazyPart(async () => (await import("../components/ui/toaster")).Toaster);

/** How soon a toast waiting for the toasts' code tries again after a load failed (or when back online). */
const TOASTER_RETRY_MS = 5_000;

function LazyToaster() {
  const needed = useOnceTrue(useToasts().length > 0);
  // A failed load waits, then the toast asks again (lazy-part.ts forgets the failure).
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const retry = () => setWaiting(false);
    const timer = window.setTimeout(retry, TOASTER_RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [waiting]);
  const Toaster = useLazyPart(
    toaster,
    needed && !waiting,
    () => setWaiting(true),
    useFirstScreenSettledNow(),
  );
  return needed && Toaster ? <Toaster /> : null;
}

export function App() {
  return (
    <Providers>
      <ConnectivityBanner />
      {/* A screen whose code cannot be fetched says the connection failed, with its Retry. */}
      <LoadBoundary fallback={<ConnectionError />}>
        <AccessGate />
      </LoadBoundary>
      {/* Banners whose code cannot be fetched stay away; the screen stays. */}
      <LoadBoundary fallback={null}>
        <WhenBannerPossible />
      </LoadBoundary>
      <PerformanceOverlayHotkey />
      <LazyToaster />
    </Providers>
  );
}
