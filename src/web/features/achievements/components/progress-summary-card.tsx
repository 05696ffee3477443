import { Trophy } from "lucide-react";
import type { ProgressSummary } from "../achievement-view";

/** "5 of 24 badges unlocked" with the share as a bar. */
export function ProgressSummaryCard({ summary }: { summary: ProgressSummary }) {
  return (
    <section
      aria-label="Badge progress"
      className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-emerald-700 to-teal-800 p-5 text-white shadow-sm"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/15">
        <Trophy className="size-7" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-emerald-50">Your progress</p>
        <p className="text-2xl font-extrabold tabular-nums" data-testid="badge-progress">
          {summary.unlocked} of {summary.total} <span className="text-base font-semibold">unlocked</span>
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-white/20"
          role="progressbar"
          aria-label="Badges unlocked"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={summary.percent}
        >
          <div className="h-full rounded-full bg-white" style={{ width: `${summary.percent}%` }} />
        </div>
      </div>
      <p className="shrink-0 text-3xl font-extrabold tabular-nums">{summary.percent}%</p>
    </section>
  );
}
