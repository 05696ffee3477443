import type { AdminUser } from "../../../../core/schemas/members";
import { cn } from "../../../lib/utils";
import { type UserBadge, userBadges } from "./users-model";

const BADGE_STYLES: Record<UserBadge, string> = {
  Banned: "bg-red-100 text-red-800",
  Admin: "bg-indigo-100 text-indigo-800",
  Test: "bg-amber-100 text-amber-900",
  Subscribed: "bg-emerald-100 text-emerald-800",
};

/** The Admin, Test and Subscribed badges of a member. */
export function UsersBadges({ user, className }: { user: AdminUser; className?: string }) {
  const badges = userBadges(user);
  if (badges.length === 0) return null;
  return (
    <span className={cn("flex flex-wrap gap-1", className)}>
      {badges.map((badge) => (
        <span
          key={badge}
          className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", BADGE_STYLES[badge])}
        >
          {badge}
        </span>
      ))}
    </span>
  );
}
