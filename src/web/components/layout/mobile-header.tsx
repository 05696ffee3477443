import { Menu } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../core/schemas/auth";
import { lazyDialog } from "../ui/lazy-dialog";
import { AdminCheckOnceSettled } from "./admin-items";
import { Brand } from "./brand";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";
import { WalletChip } from "./wallet-chip";

// Radix's dialog (focus trap, scroll lock) is not part of every page's first load.
const SlideOutMenu = lazyDialog(async () => (await import("./slide-out-menu")).SlideOutMenu);

export function MobileHeader({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur md:hidden">
      <div className="flex h-14 items-center gap-2 px-2">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={open}
          aria-haspopup="dialog"
          className="flex size-10 items-center justify-center rounded-xl text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <Menu className="size-6" aria-hidden="true" />
          <span className="sr-only">Open menu</span>
        </button>
        <Brand home size="md" className="min-w-0 flex-1" />
        <WalletChip balance={user.balance} />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
      <SlideOutMenu open={open} onOpenChange={setOpen} />
      <AdminCheckOnceSettled />
    </header>
  );
}
