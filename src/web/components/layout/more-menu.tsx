import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/utils";
import { lazyMenu, type MenuTriggerProps } from "../ui/lazy-menu";
import { headerLinkClass, type NavItem } from "./nav-items";

export interface MoreMenuProps {
  items: NavItem[];
  /** One of the items is the page shown. */
  active: boolean;
}

export const moreMenuTriggerClass = (active: boolean) =>
  cn(
    headerLinkClass,
    "inline-flex items-center gap-1",
    active ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
  );

export function MoreMenuFace() {
  return (
    <>
      More <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
}

/** The laptop header's More menu; its code loads on the way to the first click. */
export const MoreMenu = lazyMenu(
  async () => (await import("./more-menu-popup")).MoreMenuPopup,
  ({ active, trigger }: MoreMenuProps & { trigger: MenuTriggerProps }) => (
    <button {...trigger} className={moreMenuTriggerClass(active)}>
      <MoreMenuFace />
    </button>
  ),
);
