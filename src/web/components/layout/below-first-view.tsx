import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { useMediaQuery, WIDE_MEDIA } from "../../lib/device";
import { createTurns } from "../../lib/turns";
import { afterNextPaint } from "../../lib/yield-to-main";

/** The parts' turns: each shown a painted frame after the one before it has been committed. */
const takeTurn = createTurns(afterNextPaint);

/**
 * The part of a screen below what a phone shows first: rendered once the rest of the screen has
 * been painted, as a transition (React renders it in slices that leave the main thread free between
 * them). The commit, style and layout that first show a screen are then only the size of what the
 * member sees first, rather than one long task for the whole page; what is rendered here arrives a
 * frame later, under what is already there, so nothing on screen moves.
 *
 * A screen's parts take turns, in the order they appear: each is shown a painted frame after the one
 * before it, so no commit (which React cannot slice: it creates the DOM in one task) holds all of
 * them, and the page below the first view fills in top to bottom.
 *
 * On a screen wide enough for side columns (a laptop) it is part of the first view and renders at
 * once. Only for content below the first view on a phone, and never for what the screen's heading
 * or a link's target needs at once (an anchor, a focused field).
 */
export function BelowFirstView({ children }: { children: ReactNode }) {
  // Wide enough for side columns: they are part of the first view there.
  const wide = useMediaQuery(WIDE_MEDIA);
  const [painted, setPainted] = useState(false);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    let live = true;
    const turn = takeTurn();
    release.current = turn.done;
    void turn.ready.then(() => {
      if (live) startTransition(() => setPainted(true));
    });
    return () => {
      live = false;
      turn.done();
    };
  }, []);
  const shown = wide || painted;
  // Committed: the next part may go (a wide screen shows them all at once: nobody waits).
  useEffect(() => {
    if (shown) release.current?.();
  }, [shown]);
  return shown ? children : null;
}
