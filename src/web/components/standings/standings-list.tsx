import { Medal } from "lucide-react";
import { COMPETITION_LEADERBOARD_SIZE } from "../../../core/constants";
import { formatCount } from "../../../core/numbers";
import type { StandingsEntry } from "../../../core/schemas/competitions";
import { MemberNameMenu } from "../../features/safety/components/member-menus";
import { cn } from "../../lib/utils";
import { Avatar, initialsOf } from "../ui/avatar";

const medal = ["text-amber-500", "text-slate-400", "text-orange-700"];

/** A medal for the top three who walked: with 0 steps nobody is in line for a prize (DESIGN 1, payout). */
export const earnsMedal = (entry: Pick<StandingsEntry, "position" | "steps">) =>
  entry.position <= 3 && entry.steps > 0;

const memberName = (e: Pick<StandingsEntry, "firstName" | "lastName">) =>
  `${e.firstName} ${e.lastName}`.trim() || "Member";

/**
 * The standings of a competition or a group's competition: the top 5 by default, and the
 * viewer's own place when it is further down.
 */
export function StandingsList({
  name,
  entries,
  viewerId,
  ownRank = null,
  limit = COMPETITION_LEADERBOARD_SIZE,
  title = "Leaderboard",
}: {
  name: string;
  entries: StandingsEntry[];
  viewerId: number | undefined;
  /** The viewer's place ("#7 · 1,200 steps"), shown when it is below the list. */
  ownRank?: string | null;
  limit?: number;
  title?: string;
}) {
  const top = entries.slice(0, limit);
  const viewerShown = top.some((e) => e.userId === viewerId);
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-bold text-slate-700">{title}</h3>
      {top.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600">
          No steps counted yet. The board fills once the competition starts.
        </p>
      ) : (
        <ol className="grid gap-1" aria-label={`${name} leaderboard`}>
          {top.map((entry) => {
            const own = entry.userId === viewerId;
            return (
              <li
                key={entry.userId}
                className={cn(
                  "flex items-center gap-3 rounded-xl px-2 py-1.5",
                  own ? "bg-emerald-50 ring-1 ring-emerald-200" : "bg-slate-50",
                )}
              >
                <span className="flex w-6 justify-center text-sm font-bold text-slate-600 tabular-nums">
                  {earnsMedal(entry) ? (
                    <Medal
                      className={cn("size-5", medal[entry.position - 1])}
                      aria-label={`#${entry.position}`}
                    />
                  ) : (
                    entry.position
                  )}
                </span>
                <Avatar
                  imageUrl={entry.profileImageUrl}
                  initials={initialsOf(entry.firstName, entry.lastName, "?")}
                  className="size-7 text-xs"
                />
                <span className="min-w-0 flex-1 truncate text-sm font-semibold">
                  {own || viewerId === undefined ? (
                    `${entry.firstName} ${entry.lastName}`
                  ) : (
                    // Another member's name opens Block and Report (DESIGN 1, blocking and reports).
                    <MemberNameMenu member={{ id: entry.userId, name: memberName(entry) }}>
                      {memberName(entry)}
                    </MemberNameMenu>
                  )}
                  {own ? <span className="ml-1 text-xs font-bold text-emerald-700">(You)</span> : null}
                </span>
                <span className="text-sm font-bold tabular-nums">{formatCount(entry.steps)}</span>
              </li>
            );
          })}
        </ol>
      )}
      {ownRank && !viewerShown ? (
        <p className="rounded-xl bg-emerald-50 px-3 py-1.5 text-sm font-semibold text-emerald-900">
          Your rank: {ownRank}
        </p>
      ) : null}
    </section>
  );
}
