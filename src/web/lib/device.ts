import { useSyncExternalStore } from "react";
import { MOBILE_WIDTH_THRESHOLD_PX } from "../../core/constants";
import { isMobileUserAgent } from "../../core/rules/user-agent";

/** Phone or tablet by user agent, or a window 768 px wide or less (specification 1, 2.1 rule 8). */
export function isMobileDevice(): boolean {
  if (isMobileUserAgent(navigator.userAgent)) return true;
  return window.innerWidth <= MOBILE_WIDTH_THRESHOLD_PX;
}

/**
 * The answer for the hook, kept until the window is resized: React asks a store's value again on
 * every render that reads it, and reading the window's width may make the browser lay the page out.
 */
let mobileNow: boolean | undefined;
let forgetsOnResize = false;
const mobileSnapshot = () => {
  if (!forgetsOnResize) {
    // Added before any component's listener, so the answer is forgotten before they ask again.
    window.addEventListener("resize", () => {
      mobileNow = undefined;
    });
    forgetsOnResize = true;
  }
  mobileNow ??= isMobileDevice();
  return mobileNow;
};

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

export function useIsMobileDevice(): boolean {
  return useSyncExternalStore(subscribeResize, mobileSnapshot, () => false);
}

export function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS 13+ reports itself as a Mac with touch.
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

type NavigatorWithStandalone = Navigator & { standalone?: boolean };

export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as NavigatorWithStandalone).standalone === true
  );
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether a CSS media query matches now, following its changes. For trees that differ by screen
 * size: rendering only the one that shows spares the phone the other (CSS alone hides it but still
 * builds it). False where the browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  const store = mediaStore(query);
  return useSyncExternalStore(store.subscribe, store.matches, () => false);
}

interface MediaStore {
  subscribe: (onChange: () => void) => () => void;
  matches: () => boolean;
}
/**
 * One store per query, with one MediaQueryList: React asks for the value on every render that
 * reads it, and a subscribe function new on each render would make it subscribe afresh each time.
 */
const mediaStores = new Map<string, MediaStore>();
function mediaStore(query: string): MediaStore {
  let store = mediaStores.get(query);
  if (!store) {
    const list = typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
    store = {
      subscribe(onChange) {
        list?.addEventListener("change", onChange);
        return () => list?.removeEventListener("change", onChange);
      },
      matches: () => list?.matches === true,
    };
    mediaStores.set(query, store);
  }
  return store;
}

/** Tailwind's `md` breakpoint (48rem): the laptop layout from here up. */
export const LAPTOP_MEDIA = "(min-width: 48rem)";
/** Tailwind's `lg` breakpoint (64rem): side columns from here up. */
export const WIDE_MEDIA = "(min-width: 64rem)";
