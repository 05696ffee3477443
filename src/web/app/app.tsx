import { lazy, type ReactNode, Suspense, useState } from "react";
import { PerformanceOverlayHotkey } from "../components/overlays/performance-hotkey";
import { useToasts } from "../components/ui/use-toast";
import { isIos, isStandalone, useIsOnline } from "../lib/device";
import { useExternalStore } from "../lib/external-store";
import { installPromptStore } from "../lib/install-prompt";
import { updateAvailableStore } from "../lib/update-available";
import { AccessGate } from "./access-gate";
import { Providers } from "./providers";

// The banners and badges over the screens: one chunk, loaded when one of them may show.
const overlays = () => import("../components/overlays/overlays");
const ConnectivityBanner = lazy(async () => ({ default: (await overlays()).ConnectivityBanner }));
const CachedDataBadge = lazy(async () => ({ default: (await overlays()).CachedDataBadge }));
const AppBanners = lazy(async () => ({ default: (await overlays()).AppBanners }));

/** Stays true once `now` has been true. */
function useOnceTrue(now: boolean): boolean {
  const [seen, setSeen] = useState(now);
  if (now && !seen) setSeen(true);
  return seen || now;
}

/** Offline once (kept after, for 'Connection restored' and the cached data's age). */
function WhenOfflineOnce({ children }: { children: ReactNode }) {
  const offline = useOnceTrue(!useIsOnline());
  return offline ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** An install offer, an update waiting, or iOS, where the install hint is shown by hand. */
function WhenBannerPossible({ children }: { children: ReactNode }) {
  const offer = useExternalStore(installPromptStore) !== null;
  const update = useExternalStore(updateAvailableStore);
  const possible = useOnceTrue(offer || update || (isIos() && !isStandalone()));
  return possible ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// Radix toast is loaded with the first toast; until it arrives the toast waits in the store.
const Toaster = lazy(async () => ({ default: (await import("../components/ui/toaster")).Toaster }));

function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  return (
    <Providers>
      <WhenOfflineOnce>
        <ConnectivityBanner />
      </WhenOfflineOnce>
      <AccessGate />
      <WhenBannerPossible>
        <AppBanners />
      </WhenBannerPossible>
      <WhenOfflineOnce>
        <CachedDataBadge />
      </WhenOfflineOnce>
      <PerformanceOverlayHotkey />
      <LazyToaster />
    </Providers>
  );
}
