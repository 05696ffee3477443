import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "../../lib/utils";
import { isActivePath } from "./nav-items";

/** Scrolled less than this (px) since the last turn: not a change of direction. */
const SCROLL_SLACK = 8;
/** Near the top the button always shows: nothing is under it there that scrolling could not move. */
const TOP_ZONE = 64;

/**
 * Whether the floating button should step aside: while the member scrolls down to read, it leaves
 * the content it would cover (issue 14: nothing fixed may cover content the member needs); it
 * returns when they scroll back up, and at the page's end, where the page's bottom padding keeps it
 * clear of the content.
 */
export function useStepAsideOnScroll(): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (y < TOP_ZONE || atEnd) {
        setAside(false);
        last = y;
      } else if (y > last + SCROLL_SLACK) {
        setAside(true);
        last = y;
      } else if (y < last - SCROLL_SLACK) {
        setAside(false);
        last = y;
      }
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return aside;
}

/** The mobile shell's floating plus (specification 1, 2.10): to the competitions, above the bottom bar. */
export function FloatingPlusButton() {
  const [path] = useLocation();
  const aside = useStepAsideOnScroll();
  if (isActivePath("/competitions", path)) return null;
  return (
    <Link
      href="/competitions"
      aria-label="Join a competition"
      data-testid="floating-plus"
      className={cn(
        "fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg shadow-emerald-900/25 outline-none transition-[translate,opacity,visibility] duration-200 hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 active:bg-emerald-900 motion-reduce:transition-none md:hidden",
        // Stepped aside: out of sight, out of the tab order and of the accessibility tree.
        aside && "invisible translate-y-24 opacity-0",
      )}
    >
      <Plus className="size-7" aria-hidden="true" />
    </Link>
  );
}
