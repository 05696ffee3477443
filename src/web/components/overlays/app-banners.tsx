import { createPortal } from "react-dom";
import { createExternalStore, useExternalStore } from "../../lib/external-store";
import { InstallBanner } from "./install-banner";
import { UpdateBanner } from "./update-banner";

/**
 * Where the install and update banners go. Inside the member's app shell they sit at the top of
 * the page, in its flow, so they never cover a button the member needs (the tracking card's Start
 * and Sync); on pages without the shell (landing, sign-in) they float above the bottom edge.
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
  return <div className="overlay-stack">{banners}</div>;
}
