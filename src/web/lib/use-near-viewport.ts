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

/** Whether the element is wholly below the visible part of the page (its changes move nothing seen). */
export function belowViewport(element: Element | null): boolean {
  return element !== null && element.getBoundingClientRect().top >= window.innerHeight;
}
