import { Link, useLocation } from "wouter";
import type { User } from "../../../core/schemas/auth";
import { cn } from "../../lib/utils";
import { useAdminItemsShown } from "./admin-items";
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

/** The More menu, with the admin items for admins (their check's answer re-renders only this). */
function DesktopMoreMenu({ path }: { path: string }) {
  const moreItems = useAdminItemsShown() ? [...desktopMoreItems, ...adminMenuItems] : desktopMoreItems;
  return <MoreMenu items={moreItems} active={moreItems.some((item) => isActivePath(item.href, path))} />;
}

export function DesktopHeader({ user }: { user: User }) {
  const [path] = useLocation();
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
          <DesktopMoreMenu path={path} />
        </nav>
        <WalletChip balance={user.balance} />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
