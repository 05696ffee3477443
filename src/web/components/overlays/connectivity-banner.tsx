import { Wifi, WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CONNECTION_RESTORED_BANNER_MS } from "../../../core/constants";
import { useIsOnline } from "../../lib/device";
import { CachedDataBadge } from "./cached-data-badge";

/**
 * Offline banner, and 'Connection restored' for 3 s after coming back (specification 1, section 4).
 * It sits above the page rather than over it, so the header's menu and user buttons stay usable.
 */
export function ConnectivityBanner() {
  const online = useIsOnline();
  const wasOffline = useRef(!online);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setRestored(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setRestored(true);
    const timer = window.setTimeout(() => setRestored(false), CONNECTION_RESTORED_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

  if (online && !restored) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        online
          ? "relative z-[45] flex items-center justify-center gap-2 bg-emerald-700 px-4 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2 text-sm font-semibold text-white shadow anim-fade-in"
          : "relative z-[45] flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-amber-500 px-4 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2 text-sm font-semibold text-slate-950 shadow anim-fade-in"
      }
    >
      {online ? (
        <>
          <Wifi className="size-4" aria-hidden="true" /> Connection restored
        </>
      ) : (
        <>
          <span className="inline-flex items-center gap-2">
            <WifiOff className="size-4" aria-hidden="true" /> You're offline - showing cached data
          </span>
          <CachedDataBadge />
        </>
      )}
    </div>
  );
}
