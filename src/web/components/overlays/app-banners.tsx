import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { createExternalStore, useExternalStore } from "../../lib/external-store";
import { InstallBanner } from "./install-banner";
import { UpdateBanner } from "./update-banner";

/**
 * Where the install and update banners go. Inside the member's app shell they sit at the top of
 * the page, in its flow, so they never cover a button the member needs (the tracking card's Start
 * and Sync); on pages without the shell (landing, sign-in, subscribe) they float above the bottom
 * edge, and the page gets room below its end to scroll its last lines above them.
 */
const inlineSlot = createExternalStore<HTMLElement | null>(null);

/** The app shell's place for the banners: a ref callback for an element at the top of main. */
export const setBannerSlot = (element: HTMLElement | null) => inlineSlot.set(element);

export function AppBanners() {
  const slot = useExternalStore(inlineSlot);
  const banners = (
    <>
      <UpdateBanner />
      <InstallBanner />
    </>
  );
  if (slot) return createPortal(banners, slot);
  return <FloatingBanners>{banners}</FloatingBanners>;
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
