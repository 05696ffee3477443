import { ArrowDown, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { PULL_TO_REFRESH_THRESHOLD_PX } from "../../../core/constants";
import { canStartPull, pullDistance, shouldRefresh } from "./pull-gesture";

const MIN_SPIN_MS = 600;
const SPINNER_AREA_PX = 48;

/**
 * Pull down at the top of the page to refresh (specification 2 sections 2 and 9). Touch only;
 * the page's own overscroll (the browser's reload) is turned off while this is shown.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);
  const current = useRef(0);
  const busy = useRef(false);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = "contain";

    const onStart = (e: TouchEvent) => {
      start.current =
        !busy.current && e.touches.length === 1 && canStartPull(window.scrollY) ? e.touches[0].clientY : null;
    };
    const onMove = (e: TouchEvent) => {
      if (start.current === null) return;
      current.current = pullDistance(e.touches[0].clientY - start.current);
      setDistance(current.current);
    };
    const onEnd = async () => {
      if (start.current === null) return;
      start.current = null;
      const pulled = current.current;
      current.current = 0;
      setDistance(0);
      if (!shouldRefresh(pulled)) return;
      busy.current = true;
      setRefreshing(true);
      try {
        // Shown for a moment even when the answer is instant, so the pull visibly did something.
        await Promise.all([refresh.current(), new Promise((r) => window.setTimeout(r, MIN_SPIN_MS))]);
      } finally {
        busy.current = false;
        setRefreshing(false);
      }
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", onEnd);
    return () => {
      root.style.overscrollBehaviorY = before;
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onEnd);
    };
  }, []);

  const shown = refreshing ? SPINNER_AREA_PX : Math.min(distance, PULL_TO_REFRESH_THRESHOLD_PX);
  const ready = shouldRefresh(distance);
  const dragging = distance > 0;
  return (
    <div>
      <div
        className={`flex items-center justify-center overflow-hidden ${dragging ? "" : "transition-[height] duration-200"}`}
        style={{ height: shown }}
        aria-hidden={!refreshing}
      >
        {refreshing || distance > 0 ? (
          <span className="flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-200">
            {refreshing ? (
              <RefreshCw className="size-4 animate-spin text-emerald-700" aria-hidden="true" />
            ) : (
              <ArrowDown
                className={`size-4 text-emerald-700 transition-transform ${ready ? "rotate-180" : ""}`}
                aria-hidden="true"
              />
            )}
            <span role={refreshing ? "status" : undefined}>
              {refreshing ? "Refreshing..." : ready ? "Release to refresh" : "Pull to refresh"}
            </span>
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
