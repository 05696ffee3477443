import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, User as UserIcon } from "lucide-react";
import { Link } from "wouter";
import type { User } from "../../../core/schemas/auth";
import { signOutClick } from "../../lib/sign-out";
import { Avatar, initialsOf } from "../ui/avatar";
import { DropdownMenuPortal, DropdownMenuRoot } from "../ui/dropdown-menu";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100";

/** Avatar button with Profile and Sign Out (a full-page navigation to /api/logout). */
export function UserMenu({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  return (
    <DropdownMenuRoot>
      <DropdownMenu.Trigger className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2">
        <Avatar
          imageUrl={user.profileImageUrl}
          initials={initialsOf(user.firstName, user.lastName, user.username)}
        />
        <span className="sr-only">Open user menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenuPortal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl anim-fade-in"
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
        </DropdownMenu.Content>
      </DropdownMenuPortal>
    </DropdownMenuRoot>
  );
}
