import { CalendarClock, Coins, Ticket, Users } from "lucide-react";
import type { Competition } from "../../../../core/schemas/competitions";
import { StatTile } from "../../../components/ui/stat-tile";
import { entryFeeLabel, participantsLabel, poolTile } from "../competition-view";

/**
 * Prize pool (or what it paid out), participants out of the maximum (∞ without one) and the entry
 * fee (Free without one).
 */
export function CompetitionStats({ competition }: { competition: Competition }) {
  const pool = poolTile(competition);
  return (
    <dl className="grid grid-cols-3 gap-2">
      <StatTile icon={Coins} label={pool.label} testId="prize-pool">
        {pool.value}
      </StatTile>
      <StatTile icon={Users} label="Participants" testId="participants">
        {participantsLabel(competition.participantCount, competition.maxParticipants)}
      </StatTile>
      <StatTile icon={Ticket} label="Entry Fee" testId="entry-fee">
        {entryFeeLabel(competition.entryFee)}
      </StatTile>
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
