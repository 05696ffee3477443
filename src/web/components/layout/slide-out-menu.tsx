import * as DialogPrimitive from "@radix-ui/react-dialog";
import { LogOut, X } from "lucide-react";
import { Link, useLocation } from "wouter";
import { signOutClick } from "../../lib/sign-out";
import { cn } from "../../lib/utils";
import { useAdminItemsShown } from "./admin-items";
import { BrandMark, BrandName } from "./brand";
import { adminMenuItems, isActivePath, menuItems, type NavItem } from "./nav-items";

function MenuLink({ item, path, onNavigate }: { item: NavItem; path: string; onNavigate: () => void }) {
  const active = isActivePath(item.href, path);
  const Icon = item.icon;
  return (
    <li>
      <Link
        href={item.href}
        onClick={onNavigate}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
          active ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-100",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
        {item.label}
      </Link>
    </li>
  );
}

/** The slide-out menu: every page, admin items for admins, then Logout. */
export function SlideOutMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [path] = useLocation();
  const isAdmin = useAdminItemsShown();
  const close = () => onOpenChange(false);
  // Built only while open: a closed Radix dialog still costs the first screen its mount.
  if (!open) return null;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 anim-fade-in" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-2xl outline-none anim-slide-in-left">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-3">
            <div className="flex items-center gap-2">
              <BrandMark className="size-8" />
              <DialogPrimitive.Title asChild>
                <BrandName className="text-lg" />
              </DialogPrimitive.Title>
            </div>
            <DialogPrimitive.Close className="rounded-lg p-2 text-slate-600 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-600">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            Navigate to any page of StepRace
          </DialogPrimitive.Description>
          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="grid gap-0.5">
              {menuItems.map((item) => (
                <MenuLink key={item.href} item={item} path={path} onNavigate={close} />
              ))}
            </ul>
            {isAdmin ? (
              <>
                <p className="mt-4 mb-1 px-3 text-xs font-bold tracking-wider text-slate-500 uppercase">
                  Admin
                </p>
                <ul className="grid gap-0.5">
                  {adminMenuItems.map((item) => (
                    <MenuLink key={item.href} item={item} path={path} onNavigate={close} />
                  ))}
                </ul>
              </>
            ) : null}
          </nav>
          <div className="border-t border-slate-100 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <a
              href="/api/logout"
              onClick={signOutClick}
              className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-semibold text-red-700 outline-none hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-600"
            >
              <LogOut className="size-5" aria-hidden="true" />
              Logout
            </a>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
