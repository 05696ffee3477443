import { useIsAdmin } from "../../features/admin/api";
import { useFirstScreenSettled } from "../../lib/first-screen";

/**
 * Whether a menu shows the admin items. The admin check is asked once the first screen is on the
 * page (lib/first-screen.ts). Only the menus that show the items call this (and the phone's
 * AdminCheckOnceSettled below), so the moment the first screen settles, and the check's answer,
 * re-render those and not the whole layout (its headers and bottom bar, about 40 components, one
 * synchronous task on a phone).
 */
export function useAdminItemsShown(): boolean {
  return useIsAdmin(useFirstScreenSettled());
}

/**
 * Asks the admin check once the first screen has settled, for the phone's slide-out menu, which is
 * built only while open: an admin who opens it finds the answer there. Renders nothing.
 */
export function AdminCheckOnceSettled(): null {
  useAdminItemsShown();
  return null;
}
