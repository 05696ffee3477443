import { Link, useLocation } from "wouter";
import type { User } from "../../../core/schemas/auth";
import { cn } from "../../lib/utils";
import { Brand } from "./brand";
import { MoreMenu } from "./more-menu";
import {
  adminMenuItems,
  desktopMoreItems,
  desktopPrimaryItems,
  headerLinkClass,
  isActivePath,
} from "./nav-items";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";
import { WalletChip } from "./wallet-chip";

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
                  headerLinkClass,
                  active ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {item.label}
              </Link>
            );
          })}
          <MoreMenu items={moreItems} active={moreActive} />
        </nav>
        <WalletChip balance={user.balance} />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
