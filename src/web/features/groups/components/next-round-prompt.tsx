import { CalendarPlus } from "lucide-react";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { awaitsNextRound } from "../group-view";

/**
 * For a group's admins once its round is paid (DESIGN 1, group money): the next round is theirs to
 * schedule, in Edit Group, and is paid from what the pool holds when it ends.
 */
export function NextRoundPrompt({
  group,
  onSchedule,
}: {
  group: Pick<Group, "hasScheduledCompetition" | "settlement">;
  onSchedule: () => void;
}) {
  if (!group.hasScheduledCompetition || !awaitsNextRound(group)) return null;
  return (
    <section
      aria-label="Next round"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-indigo-50 px-4 py-3 ring-1 ring-indigo-200"
    >
      <p className="min-w-0 flex-1 text-sm text-indigo-950">
        This round is over and paid. Schedule the next one: it is paid from what the pool holds when it ends.
      </p>
      <Button size="sm" onClick={onSchedule}>
        <CalendarPlus aria-hidden="true" /> Schedule next round
      </Button>
    </section>
  );
}
