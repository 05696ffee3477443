import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "wouter";
import { headerMenuContentClass, headerMenuItemClass, MenuPopup } from "../ui/dropdown-menu";
import type { LoadedMenuProps } from "../ui/lazy-menu";
import { MoreMenuFace, type MoreMenuProps, moreMenuTriggerClass } from "./more-menu";

const itemClass = `${headerMenuItemClass} py-2`;

/** The laptop header's More menu itself (`MoreMenu` loads it). */
export function MoreMenuPopup({ items, active, ...opening }: MoreMenuProps & LoadedMenuProps) {
  return (
    <MenuPopup
      face={<MoreMenuFace />}
      triggerClassName={moreMenuTriggerClass(active)}
      align="start"
      sideOffset={8}
      contentClassName={headerMenuContentClass}
      {...opening}
    >
      {items.map(({ label, href, icon: Icon }) => (
        <DropdownMenu.Item key={href} asChild className={itemClass}>
          <Link href={href}>
            <Icon className="size-4" aria-hidden="true" /> {label}
          </Link>
        </DropdownMenu.Item>
      ))}
    </MenuPopup>
  );
}
