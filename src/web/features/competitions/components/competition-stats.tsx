import { CalendarClock, Coins, type LucideIcon, Ticket, Users } from "lucide-react";
import type { Competition } from "../../../../core/schemas/competitions";
import { entryFeeLabel, fc, participantsLabel } from "../competition-view";

function Stat({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-2.5 py-2">
      <dt className="flex items-center gap-1 text-xs font-semibold text-slate-600">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" /> {label}
      </dt>
      <dd className="truncate text-sm font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Prize pool, participants out of the maximum (∞ without one) and the entry fee (Free without one). */
export function CompetitionStats({ competition }: { competition: Competition }) {
  return (
    <dl className="grid grid-cols-3 gap-2">
      <Stat icon={Coins} label="Prize Pool" value={fc(competition.prizePool)} testId="prize-pool" />
      <Stat
        icon={Users}
        label="Participants"
        testId="participants"
        value={participantsLabel(competition.participantCount, competition.maxParticipants)}
      />
      <Stat icon={Ticket} label="Entry Fee" value={entryFeeLabel(competition.entryFee)} testId="entry-fee" />
    </dl>
  );
}

/** The start label and, once started, the time remaining. */
export function CompetitionTiming({ start, remaining }: { start: string; remaining: string | null }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <span className="flex items-center gap-1 font-semibold">
        <CalendarClock className="size-4" aria-hidden="true" /> {start}
      </span>
      {remaining ? <span className="font-semibold text-emerald-800">{remaining}</span> : null}
    </p>
  );
}
