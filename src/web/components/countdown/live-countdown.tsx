import { Clock } from "lucide-react";
import { COUNTDOWN_TICK_MS } from "../../../core/constants";
import { type CountdownPhase, countdown, formatCountdown } from "../../../core/rules/countdown";
import { cn } from "../../lib/utils";
import { useNow } from "./use-now";

export interface CountdownDates {
  entryDeadline: string | null;
  startDate: string;
  endDate: string;
}

const phaseStyle: Record<CountdownPhase, string> = {
  entry: "bg-amber-50 text-amber-900 ring-amber-200",
  start: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  end: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  ended: "bg-slate-100 text-slate-700 ring-slate-200",
};

/**
 * A countdown that ticks every second through the phases of specification 2 section 4:
 * Entry closes in, Starts in, Ends in, then Completed (groups: Competition ended).
 */
export function LiveCountdown({
  dates,
  kind = "competition",
  format = "compact",
  className,
}: {
  dates: CountdownDates;
  kind?: "competition" | "group";
  format?: "compact" | "full";
  className?: string;
}) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const c = countdown(
    now,
    {
      entryDeadline: dates.entryDeadline ? new Date(dates.entryDeadline) : null,
      startDate: new Date(dates.startDate),
      endDate: new Date(dates.endDate),
    },
    kind,
  );
  const time = formatCountdown(c, format);
  return (
    <div
      className={cn(
        "flex items-center justify-between gap-3 rounded-xl px-3 py-2 ring-1",
        phaseStyle[c.phase],
        className,
      )}
      data-phase={c.phase}
    >
      <span className="flex items-center gap-1.5 text-sm font-semibold">
        <Clock className="size-4" aria-hidden="true" />
        {c.label}
      </span>
      {time ? (
        <span className="font-mono text-base font-bold tabular-nums" aria-live="off">
          {time}
        </span>
      ) : null}
    </div>
  );
}
