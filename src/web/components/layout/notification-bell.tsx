import { Bell } from "lucide-react";
import { Link } from "wouter";
import { useUnreadCount } from "../../features/notifications/api";
import { useFirstScreenSettled } from "../../lib/first-screen";
import { cn } from "../../lib/utils";

/** The header's bell: the unread count (polled gently), linking to the Notifications page. */
export function NotificationBell({ className }: { className?: string }) {
  // Asked for once the first screen is on the page (lib/first-screen.ts).
  const unread = useUnreadCount(useFirstScreenSettled());
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      className={cn(
        "relative flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-600",
        className,
      )}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white tabular-nums ring-2 ring-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
