import { Crown, Medal } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { cn } from "../../../lib/utils";
import { type BoardRow, displayName, type Podium } from "../leaderboard-view";

const podiumStyle: Record<1 | 2 | 3, { row: string; badge: string; label: string }> = {
  1: { row: "bg-amber-50", badge: "bg-amber-400 text-amber-950", label: "1st place" },
  2: { row: "bg-slate-100/80", badge: "bg-slate-300 text-slate-900", label: "2nd place" },
  3: { row: "bg-orange-50", badge: "bg-orange-300 text-orange-950", label: "3rd place" },
};

function RankBadge({ rank, podium }: { rank: number; podium: Podium }) {
  if (!podium) {
    return (
      <span className="flex w-9 shrink-0 justify-center text-sm font-bold text-slate-600 tabular-nums">
        {rank}
      </span>
    );
  }
  const Icon = podium === 1 ? Crown : Medal;
  return (
    <span
      className={cn(
        "flex size-9 shrink-0 flex-col items-center justify-center rounded-full text-xs leading-none font-extrabold tabular-nums shadow-sm",
        podiumStyle[podium].badge,
      )}
      title={podiumStyle[podium].label}
    >
      <Icon className="mb-0.5 size-3.5" aria-hidden="true" />
      {rank}
    </span>
  );
}

/** One member's line: rank (medal on the podium), avatar, name, steps; the viewer's own is marked. */
export function LeaderboardRow({
  row,
  className,
}: {
  row: Pick<BoardRow, "rank" | "podium" | "isMe" | "firstName" | "lastName" | "profileImageUrl" | "steps">;
  className?: string;
}) {
  const name = displayName(row);
  return (
    <li
      aria-current={row.isMe ? "true" : undefined}
      data-me={row.isMe ? "" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-xl px-3 py-2",
        row.podium ? podiumStyle[row.podium].row : null,
        row.isMe && "bg-emerald-50 ring-2 ring-emerald-600 ring-inset",
        className,
      )}
    >
      <span className="sr-only">Rank {row.rank}:</span>
      <RankBadge rank={row.rank} podium={row.podium} />
      <Avatar
        imageUrl={row.profileImageUrl}
        initials={initialsOf(row.firstName, row.lastName, name)}
        className={cn("size-9 md:size-10", row.isMe && "bg-emerald-700")}
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        {row.podium || row.isMe ? (
          // The "You" mark sits on the second line, so the name keeps the first line's width.
          <span className="flex items-center gap-2 text-xs font-medium text-slate-600">
            {row.podium ? podiumStyle[row.podium].label : null}
            {row.isMe ? (
              <span className="rounded-full bg-emerald-700 px-2 py-px text-[11px] font-bold text-white">
                You
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
      <span className="shrink-0 text-right md:flex md:items-baseline md:gap-1">
        <span className="block font-bold text-slate-900 tabular-nums">{formatCount(row.steps)}</span>
        <span className="block text-xs text-slate-600">steps</span>
      </span>
    </li>
  );
}

type Viewer = Pick<BoardRow, "firstName" | "lastName" | "profileImageUrl">;

/** The ranked list; the viewer's place outside the top 50 follows it, set apart. */
export function LeaderboardList({
  rows,
  ownPlaceBelow,
  viewer,
  labelledBy,
}: {
  rows: BoardRow[];
  ownPlaceBelow: { rank: number; steps: number } | null;
  viewer: Viewer | null;
  labelledBy: string;
}) {
  return (
    <>
      <ol aria-labelledby={labelledBy} className="grid grid-cols-1 gap-1.5">
        {rows.map((row) => (
          <LeaderboardRow key={row.userId} row={row} />
        ))}
      </ol>
      {ownPlaceBelow ? (
        <div className="mt-3 border-t border-dashed border-slate-300 pt-3">
          <h3
            id={`${labelledBy}-own`}
            className="mb-1.5 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            Your place
          </h3>
          <ul aria-labelledby={`${labelledBy}-own`}>
            <LeaderboardRow
              row={{
                ...ownPlaceBelow,
                podium: null,
                isMe: true,
                firstName: viewer?.firstName ?? "",
                lastName: viewer?.lastName ?? "",
                profileImageUrl: viewer?.profileImageUrl ?? null,
              }}
            />
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** Rows of grey blocks in the list's shape while the board loads. */
export function LeaderboardSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" className="grid grid-cols-1 gap-1.5">
      <span className="sr-only">Loading leaderboard</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center gap-3 px-3 py-2">
          <span className="size-9 shrink-0 rounded-full bg-slate-200" />
          <span className="size-9 shrink-0 rounded-full bg-slate-200 md:size-10" />
          <span className="h-4 flex-1 rounded bg-slate-200" style={{ maxWidth: `${60 - (i % 3) * 12}%` }} />
          <span className="ml-auto h-4 w-14 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
