import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "../../../core/schemas/auth";
import { cn } from "../../lib/utils";
import { DropdownMenuPortal, DropdownMenuRoot } from "../ui/dropdown-menu";
import { Brand } from "./brand";
import { adminMenuItems, desktopMoreItems, desktopPrimaryItems, isActivePath } from "./nav-items";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";
import { WalletChip } from "./wallet-chip";

const linkClass =
  "rounded-lg px-3 py-2 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600";
const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100";

export function DesktopHeader({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const [path] = useLocation();
  const moreItems = isAdmin ? [...desktopMoreItems, ...adminMenuItems] : desktopMoreItems;
  const moreActive = moreItems.some((item) => isActivePath(item.href, path));
  return (
    <header className="sticky top-0 z-40 hidden border-b border-slate-200 bg-white/90 backdrop-blur md:block">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-6">
        <Brand home />
        <nav aria-label="Main" className="flex flex-1 items-center gap-1">
          {desktopPrimaryItems.map((item) => {
            const active = isActivePath(item.href, path);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  linkClass,
                  active ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {item.label}
              </Link>
            );
          })}
          <DropdownMenuRoot>
            <DropdownMenu.Trigger
              className={cn(
                linkClass,
                "inline-flex items-center gap-1",
                moreActive ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              More <ChevronDown className="size-4" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenuPortal>
              <DropdownMenu.Content
                align="start"
                sideOffset={8}
                className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl anim-fade-in"
              >
                {moreItems.map(({ label, href, icon: Icon }) => (
                  <DropdownMenu.Item key={href} asChild className={itemClass}>
                    <Link href={href}>
                      <Icon className="size-4" aria-hidden="true" /> {label}
                    </Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenuPortal>
          </DropdownMenuRoot>
        </nav>
        <WalletChip balance={user.balance} />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
