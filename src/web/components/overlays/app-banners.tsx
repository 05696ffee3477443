import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "wouter";
import { createExternalStore, useExternalStore } from "../../lib/external-store";
import { InstallBanner } from "./install-banner";
import { UpdateBanner } from "./update-banner";

/**
 * Where the install and update banners go. Inside the member's app shell they sit at the top of
 * the page, in its flow, so they never cover a button the member needs (the tracking card's Start
 * and Sync); on pages without the shell (landing, sign-in, subscribe) they float above the bottom
 * edge, and the page gets room below its end to scroll its last lines above them. In the flow, a
 * banner shows from the start of a page only (useShownFromPageStart): one that arrives later waits
 * for the next page, rather than push down what the member reads.
 */
const inlineSlot = createExternalStore<HTMLElement | null>(null);

/** The app shell's place for the banners: a ref callback for an element at the top of main. */
export const setBannerSlot = (element: HTMLElement | null) => inlineSlot.set(element);

export function AppBanners({ arrivedOn }: { arrivedOn: string }) {
  const slot = useExternalStore(inlineSlot);
  const [page] = useLocation();
  if (slot) {
    const inFlow = { page, arrivedOn };
    return createPortal(
      <>
        <UpdateBanner inFlow={inFlow} />
        <InstallBanner inFlow={inFlow} />
      </>,
      slot,
    );
  }
  return (
    <FloatingBanners>
      <UpdateBanner />
      <InstallBanner />
    </FloatingBanners>
  );
}

/**
 * Floating banners keep the page's end clear: the page gets as much room below its content as they
 * take from the bottom of the screen (`--floating-banners`, styles.css), so the last lines can be
 * scrolled above them.
 */
function FloatingBanners({ children }: { children: ReactNode }) {
  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = stack.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const covered = element.offsetHeight > 0 ? window.innerHeight - element.getBoundingClientRect().top : 0;
      root.style.setProperty("--floating-banners", `${Math.max(0, Math.ceil(covered))}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty("--floating-banners");
    };
  }, []);
  return (
    <div ref={stack} className="overlay-stack">
      {children}
    </div>
  );
}
