import { CalendarClock } from "lucide-react";
import type { Group } from "../../../../core/schemas/groups";
import { LiveCountdown } from "../../../components/countdown/live-countdown";
import { cn } from "../../../lib/utils";
import { staticCountdownText } from "../group-view";

/**
 * A group's countdown (specification 2 section 2): Entry closes in, Starts in, Ends in,
 * Competition ended; Competition completed once its status says so; No competition scheduled.
 */
export function GroupCountdown({
  group,
  format = "compact",
  className,
}: {
  group: Pick<
    Group,
    | "competitionStatus"
    | "hasScheduledCompetition"
    | "competitionStartDate"
    | "competitionEndDate"
    | "entryDeadlineDate"
  >;
  format?: "compact" | "full";
  className?: string;
}) {
  const { competitionStartDate: startDate, competitionEndDate: endDate } = group;
  const text = staticCountdownText(group);
  if (text || !startDate || !endDate) {
    return (
      <div
        className={cn(
          "flex items-center gap-1.5 rounded-xl bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200",
          className,
        )}
      >
        <CalendarClock className="size-4" aria-hidden="true" /> {text ?? "No competition scheduled"}
      </div>
    );
  }
  return (
    <LiveCountdown
      dates={{ entryDeadline: group.entryDeadlineDate, startDate, endDate }}
      kind="group"
      format={format}
      className={className}
    />
  );
}
