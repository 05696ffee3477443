import { type RefObject, useEffect, useState } from "react";

/**
 * True once the element has come within `margin` of the viewport (and stays true): work for
 * something below the fold (an ad slot's request) waits until the member scrolls towards it. An
 * element that is not displayed (`display: none`, e.g. a desktop-only column on a phone) never
 * comes near. Without IntersectionObserver it is near at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "400px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

/**
 * While `watch` is on: whether the element is wholly below the visible part of the page, where
 * changing its height moves nothing the member sees. Updated as it enters and leaves the screen.
 */
export function useBelowViewport(ref: RefObject<Element | null>, watch: boolean): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    setBelow(false);
    const element = ref.current;
    if (!watch || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const bottom = entry.rootBounds?.bottom ?? window.innerHeight;
      if (!entry.isIntersecting && entry.boundingClientRect.top >= bottom) {
        // Once below it stays so: the element is then removed, and a removed one reports nothing true.
        setBelow(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watch]);
  return watch && below;
}
