import { Link } from "wouter";
import { formatAgo } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import type { Notification } from "../api";
import { kindIcons, safeLink } from "../notification-view";

/** The member's notifications, newest first; opening one marks it read and follows its link. */
export function NotificationList({
  items,
  onOpen,
}: {
  items: Notification[];
  onOpen: (item: Notification) => void;
}) {
  const now = new Date();
  return (
    <ul className="divide-y divide-slate-100" aria-label="Notifications">
      {items.map((item) => {
        const Icon = kindIcons[item.kind];
        const unread = item.readAt === null;
        return (
          <li key={item.id}>
            <Link
              href={safeLink(item.link)}
              onClick={() => onOpen(item)}
              className={cn(
                "flex gap-3 px-4 py-3.5 outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-inset md:px-5",
                unread && "bg-emerald-50/60",
              )}
            >
              <span
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-full",
                  unread ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600",
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-2">
                  <span className={cn("text-sm text-slate-900", unread ? "font-bold" : "font-semibold")}>
                    {item.title}
                  </span>
                  <time dateTime={item.createdAt} className="shrink-0 pt-0.5 text-xs text-slate-500">
                    {formatAgo(item.createdAt, now)}
                  </time>
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{item.body}</span>
              </span>
              {unread ? (
                <span className="mt-2 size-2.5 shrink-0 rounded-full bg-emerald-600">
                  <span className="sr-only">Unread</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
