import type { CSSProperties } from "react";
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
  appearAfterMs = 0,
}: {
  className?: string;
  label?: string;
  /** Shown (faded in, turning) only this long after it mounts; 0: at once. */
  appearAfterMs?: number;
}) {
  const later = appearAfterMs > 0;
  return (
    <span role="status" className="inline-flex">
      <span
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
