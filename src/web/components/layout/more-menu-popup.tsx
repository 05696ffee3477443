import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "wouter";
import {
  DropdownMenuPortal,
  DropdownMenuRoot,
  headerMenuContentClass,
  useFocusFirstItem,
} from "../ui/dropdown-menu";
import type { LoadedMenuProps } from "../ui/lazy-menu";
import { MoreMenuFace, type MoreMenuProps, moreMenuTriggerClass } from "./more-menu";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100";

/** The laptop header's More menu itself (`MoreMenu` loads it). */
export function MoreMenuPopup({
  items,
  active,
  defaultOpen,
  focusFirstItem,
}: MoreMenuProps & LoadedMenuProps) {
  const onContentFocus = useFocusFirstItem(focusFirstItem);
  return (
    <DropdownMenuRoot defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={moreMenuTriggerClass(active)}>
        <MoreMenuFace />
      </DropdownMenu.Trigger>
      <DropdownMenuPortal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className={headerMenuContentClass}
          onFocus={onContentFocus}
        >
          {items.map(({ label, href, icon: Icon }) => (
            <DropdownMenu.Item key={href} asChild className={itemClass}>
              <Link href={href}>
                <Icon className="size-4" aria-hidden="true" /> {label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenuPortal>
    </DropdownMenuRoot>
  );
}
