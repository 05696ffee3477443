import { type CSSProperties, useLayoutEffect, useRef } from "react";
import { cn } from "../../lib/utils";

/**
 * The app starting this long or less shows its mark without a spinner (index.html, LoadingSplash):
 * a spinner that flashes for a moment says nothing, and until it shows nothing on the screen moves,
 * so the device draws no frame for it while the page's own start runs.
 */
export const SPINNER_AFTER_MS = 1000;

export function Spinner({
  className,
  label = "Loading",
  appearAfterMs,
  countFrom,
}: {
  className?: string;
  label?: string;
  /** Shown (faded in, turning) only this long after it mounts. Without it: at once. */
  appearAfterMs?: number;
  /**
   * With appearAfterMs: the moment (performance.now()'s clock) the wait counts from instead of the
   * mount, so a spinner that takes over from another shows and turns exactly as that one would.
   */
  countFrom?: number;
}) {
  const later = appearAfterMs !== undefined;
  const ring = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!later || countFrom === undefined) return;
    // Before the first paint: the fade and the turn start when the other spinner's did.
    for (const animation of ring.current?.getAnimations?.() ?? []) animation.startTime = countFrom;
  }, [later, countFrom]);
  return (
    <span role="status" className="inline-flex">
      <span
        ref={ring}
        aria-hidden="true"
        className={cn(
          "inline-block size-8 rounded-full border-4 border-emerald-100 border-t-emerald-700",
          later ? "spinner-later" : "animate-spin",
          className,
        )}
        style={later ? ({ "--spinner-after": `${Math.round(appearAfterMs)}ms` } as CSSProperties) : undefined}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
