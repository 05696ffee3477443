import { useState } from "react";

/** A banner in the page's flow: the page shown, and the page on which the banners were loaded. */
export interface InFlow {
  page: string;
  arrivedOn: string;
}

/**
 * Whether a banner that is `available` shows. Floating (`inFlow` undefined), whenever it is. In the
 * page's flow, only when it was available at the first render on this page, or on a page opened
 * since: one that arrives while the member reads a page (the browser offers the install a few
 * seconds after the load; a new version gets installed) would push what they read down under their
 * finger (a layout shift), so it waits for the next page they open.
 */
export function useShownFromPageStart(available: boolean, inFlow: InFlow | undefined): boolean {
  const page = inFlow?.page;
  // Mounted on the page where the banners arrived: none of them was there at its start.
  const [start, setStart] = useState(() => ({ page, available: available && page !== inFlow?.arrivedOn }));
  if (start.page !== page) {
    // A new page: what is available now shows from its first paint.
    setStart({ page, available });
    return available;
  }
  return available && (inFlow === undefined || start.available);
}
