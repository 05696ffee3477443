import { Lock, type LucideIcon, ShieldCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

/** The small labels of the groups screens, and their cards' headings. */

/** "3 members" and, for a private group, the Private badge. */
export function GroupBadges({
  memberCount,
  isPrivate,
  privateLabel = "Private",
}: {
  memberCount: number;
  isPrivate: boolean;
  privateLabel?: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
        <Users className="size-3.5" aria-hidden="true" /> {memberCount}{" "}
        {memberCount === 1 ? "member" : "members"}
      </span>
      {isPrivate ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold text-slate-700">
          <Lock className="size-3.5" aria-hidden="true" /> {privateLabel}
        </span>
      ) : null}
    </div>
  );
}

export function AdminBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-bold text-indigo-800",
        className,
      )}
    >
      <ShieldCheck className="size-3" aria-hidden="true" /> Admin
    </span>
  );
}

/** A card's heading with its icon; what follows the title (a chip) sits on the right. */
export function CardHeading({
  icon: Icon,
  iconClassName = "text-emerald-700",
  children,
  aside,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <CardHeader className="pb-3">
      <div className="flex items-start justify-between gap-3">
        <CardTitle className="flex min-w-0 items-center gap-2 text-lg">
          <Icon className={cn("size-5 shrink-0", iconClassName)} aria-hidden="true" /> {children}
        </CardTitle>
        {aside}
      </div>
    </CardHeader>
  );
}
