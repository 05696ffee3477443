import { type ReactNode, startTransition, useEffect, useState } from "react";
import { useMediaQuery, WIDE_MEDIA } from "../../lib/device";
import { afterNextPaint } from "../../lib/yield-to-main";

/**
 * The part of a screen below what a phone shows first: rendered once the rest of the screen has
 * been painted, as a transition (React renders it in slices that leave the main thread free between
 * them). The commit, style and layout that first show a screen are then only the size of what the
 * member sees first, rather than one long task for the whole page; what is rendered here arrives a
 * frame later, under what is already there, so nothing on screen moves. On a screen wide enough for
 * side columns (a laptop) it is part of the first view and renders at once.
 *
 * Only for content below the first view on a phone, and never for what the screen's heading or a
 * link's target needs at once (an anchor, a focused field).
 */
export function BelowFirstView({ children }: { children: ReactNode }) {
  // Wide enough for side columns: they are part of the first view there.
  const wide = useMediaQuery(WIDE_MEDIA);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => {
      if (live) startTransition(() => setPainted(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return wide || painted ? children : null;
}
