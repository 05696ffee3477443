import { CalendarDays, Coins, Ticket, Users } from "lucide-react";
import { INVITE_ROUND_STATUS_LABEL, type InviteRoundStatus } from "../../../../core/rules/group-round";
import type { GroupInfo } from "../../../../core/schemas/groups";
import { FactTile, StatTile } from "../../../components/ui/stat-tile";
import { fc, formatInZone } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";

/** What an invite shows of the group now, signed in or not (the public info and the preview agree). */
export type InviteState = Pick<
  GroupInfo,
  | "memberCount"
  | "poolBalance"
  | "poolEntryPrice"
  | "competitionStartDate"
  | "competitionEndDate"
  | "entryDeadlineDate"
  | "roundStatus"
>;

const statusStyle: Record<InviteRoundStatus, string> = {
  none: "bg-slate-100 text-slate-700",
  upcoming: "bg-indigo-100 text-indigo-800",
  running: "bg-emerald-100 text-emerald-800",
  entries_closed: "bg-amber-100 text-amber-900",
  ended: "bg-slate-200 text-slate-800",
};

/** The round's status, in words that say the truth (issue 32): never a button. */
export function RoundStatusBadge({ status }: { status: InviteRoundStatus }) {
  return (
    <span
      className={cn("rounded-full px-2.5 py-0.5 text-xs font-bold", statusStyle[status])}
      data-testid="round-status"
    >
      {INVITE_ROUND_STATUS_LABEL[status]}
    </span>
  );
}

/** Why the invite does not offer Join while entries are closed, and when it works again. */
export function entriesClosedText(state: Pick<InviteState, "roundStatus">): string | null {
  if (state.roundStatus !== "entries_closed") return null;
  return "Entries for this round have closed. The invite works again once its results are in.";
}

/**
 * The group as it stands (issue 32): the round's status and dates (in the viewer's zone), the
 * entry price (left out where the card weighs it against the member's FitCoins), the members and
 * the pool.
 */
export function InviteRoundFacts({ state, showEntry = true }: { state: InviteState; showEntry?: boolean }) {
  const timeZone = useTimeZone();
  const { competitionStartDate: start, competitionEndDate: end } = state;
  return (
    <dl className="grid gap-2" aria-label="Group details">
      <FactTile icon={CalendarDays} label="Round">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <RoundStatusBadge status={state.roundStatus} />
          {start && end ? (
            <span data-testid="round-dates">
              {formatInZone(start, timeZone)} to {formatInZone(end, timeZone)}
            </span>
          ) : (
            <span className="font-normal text-slate-700">Members join any time.</span>
          )}
        </span>
        {state.entryDeadlineDate &&
        state.roundStatus === "upcoming" &&
        state.entryDeadlineDate !== state.competitionStartDate ? (
          <span className="mt-1 block text-xs font-normal text-slate-700" data-testid="entry-deadline">
            Entries close {formatInZone(state.entryDeadlineDate, timeZone)}
          </span>
        ) : null}
      </FactTile>
      <div className={cn("grid gap-2 text-center", showEntry ? "grid-cols-3" : "grid-cols-2")}>
        {showEntry ? (
          <StatTile centered icon={Ticket} label="Entry" testId="invite-info-entry">
            {state.poolEntryPrice ? fc(state.poolEntryPrice) : "Free"}
          </StatTile>
        ) : null}
        <StatTile centered icon={Users} label="Members" testId="invite-members">
          {state.memberCount}
        </StatTile>
        <StatTile centered icon={Coins} label="Pool" testId="invite-pool">
          {fc(state.poolBalance)}
        </StatTile>
      </div>
    </dl>
  );
}
