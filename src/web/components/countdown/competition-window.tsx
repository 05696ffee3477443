import { formatInZone } from "../../lib/format";
import { cn } from "../../lib/utils";

/**
 * A competition's start and end, date and time in the member's profile time zone, shown beside
 * its countdown (DESIGN 1, days and time zones: the same on every device).
 */
export function CompetitionWindow({
  startDate,
  endDate,
  timeZone,
  className,
}: {
  startDate: string;
  endDate: string;
  timeZone: string;
  className?: string;
}) {
  return (
    <dl
      className={cn("grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm", className)}
      data-testid="competition-window"
    >
      <dt className="text-slate-600">Start</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid="window-start">
        {formatInZone(startDate, timeZone)}
      </dd>
      <dt className="text-slate-600">End</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid="window-end">
        {formatInZone(endDate, timeZone)}
      </dd>
    </dl>
  );
}
