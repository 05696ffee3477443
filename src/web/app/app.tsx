import { lazy, Suspense, useState } from "react";
import { AppBanners } from "../components/overlays/app-banners";
import { CachedDataBadge } from "../components/overlays/cached-data-badge";
import { ConnectivityBanner } from "../components/overlays/connectivity-banner";
import { PerformanceOverlayHotkey } from "../components/overlays/performance-hotkey";
import { useToasts } from "../components/ui/use-toast";
import { AccessGate } from "./access-gate";
import { Providers } from "./providers";

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
      <ConnectivityBanner />
      <AccessGate />
      <AppBanners />
      <CachedDataBadge />
      <PerformanceOverlayHotkey />
      <LazyToaster />
    </Providers>
  );
}
