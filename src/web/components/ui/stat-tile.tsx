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

/** A fact in a list of them (inside a `<dl>`): its icon beside the label and the value, which may wrap. */
export function FactTile({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-start gap-2.5 rounded-xl bg-slate-50 px-3 py-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-xs text-slate-600">{label}</dt>
        <dd className="text-sm font-semibold break-words text-slate-900">{children}</dd>
      </div>
    </div>
  );
}
