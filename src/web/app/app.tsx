import { lazy, Suspense } from "react";
import { CachedDataBadge } from "../components/overlays/cached-data-badge";
import { ConnectivityBanner } from "../components/overlays/connectivity-banner";
import { InstallBanner } from "../components/overlays/install-banner";
import { PerformanceOverlayHotkey } from "../components/overlays/performance-hotkey";
import { UpdateBanner } from "../components/overlays/update-banner";
import { AccessGate } from "./access-gate";
import { Providers } from "./providers";

// Radix toast is loaded after the first paint; toasts raised before it arrives wait in the store.
const Toaster = lazy(async () => ({ default: (await import("../components/ui/toaster")).Toaster }));

export function App() {
  return (
    <Providers>
      <ConnectivityBanner />
      <AccessGate />
      <div className="overlay-stack">
        <UpdateBanner />
        <InstallBanner />
      </div>
      <CachedDataBadge />
      <PerformanceOverlayHotkey />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </Providers>
  );
}
