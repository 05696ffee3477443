import { lazy, type ReactNode, Suspense, useState } from "react";
import { ConnectivityBanner } from "../components/overlays/connectivity-banner";
import { PerformanceOverlayHotkey } from "../components/overlays/performance-hotkey";
import { useToasts } from "../components/ui/use-toast";
import { isIos, isStandalone } from "../lib/device";
import { useExternalStore } from "../lib/external-store";
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
  const needed = useOnceTrue(useToasts().length > 0);
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
      <ConnectivityBanner />
      <AccessGate />
      <WhenBannerPossible>
        <AppBanners />
      </WhenBannerPossible>
      <PerformanceOverlayHotkey />
      <LazyToaster />
    </Providers>
  );
}
