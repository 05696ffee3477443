import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, User as UserIcon } from "lucide-react";
import { Link } from "wouter";
import type { User } from "../../../core/schemas/auth";
import { signOutClick } from "../../lib/sign-out";
import { headerMenuContentClass, headerMenuItemClass, MenuPopup } from "../ui/dropdown-menu";
import type { LoadedMenuProps } from "../ui/lazy-menu";
import { UserMenuFace, userMenuTriggerClass } from "./user-menu";

const itemClass = `${headerMenuItemClass} py-2.5`;

/**
 * The user menu itself (`UserMenu` loads it): Profile and Sign Out (a full-page navigation to
 * /api/logout).
 */
export function UserMenuPopup({ user, ...opening }: { user: User } & LoadedMenuProps) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  return (
    <MenuPopup
      face={<UserMenuFace user={user} />}
      triggerClassName={userMenuTriggerClass}
      align="end"
      sideOffset={8}
      contentClassName={headerMenuContentClass}
      {...opening}
    >
      <DropdownMenu.Label className="px-3 py-2">
        <span className="block truncate text-sm font-bold text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-600">@{user.username}</span>
      </DropdownMenu.Label>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      <DropdownMenu.Item asChild className={itemClass}>
        <Link href="/profile">
          <UserIcon className="size-4" aria-hidden="true" /> Profile
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={itemClass}>
        <a href="/api/logout" onClick={signOutClick}>
          <LogOut className="size-4" aria-hidden="true" /> Sign Out
        </a>
      </DropdownMenu.Item>
    </MenuPopup>
  );
}
