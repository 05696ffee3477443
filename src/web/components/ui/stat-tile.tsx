import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils";

/**
 * A figure in a row of stats (inside a `<dl>`): a small label with its icon above the value. The
 * competition cards' pool, participants and fee, and the group invite's entry, members and pool.
 */
export function StatTile({
  icon: Icon,
  label,
  testId,
  centered = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  testId: string;
  /** Label and value centred (a row of three under a heading), else from the start. */
  centered?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-2.5 py-2">
      <dt
        className={cn(
          "flex items-center gap-1 text-xs font-semibold text-slate-600",
          centered && "justify-center",
        )}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" /> {label}
      </dt>
      <dd className="truncate text-sm font-bold tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
