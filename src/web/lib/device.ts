import { useSyncExternalStore } from "react";
import { MOBILE_WIDTH_THRESHOLD_PX } from "../../core/constants";

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet/i;

/** Phone or tablet by user agent, or a window 768 px wide or less (specification 1, 2.1 rule 8). */
export function isMobileDevice(): boolean {
  if (MOBILE_UA.test(navigator.userAgent)) return true;
  return window.innerWidth <= MOBILE_WIDTH_THRESHOLD_PX;
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

export function useIsMobileDevice(): boolean {
  return useSyncExternalStore(subscribeResize, isMobileDevice, () => false);
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
