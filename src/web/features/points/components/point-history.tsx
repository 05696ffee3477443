import { History } from "lucide-react";
import { EmptyState } from "../../../components/layout/page";
import { formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import type { PointTransaction } from "../api";
import { isCreditPoint, pointTypeLabel, signedPoints, truncatePointDescription } from "../points-view";

/** Point History: type, signed amount (+ green for credits), description cut at 60, date. */
export function PointHistory({ lines }: { lines: PointTransaction[] }) {
  if (lines.length === 0) {
    return (
      <EmptyState icon={History} title="No points yet">
        Points from your steps, daily milestones and streaks appear here.
      </EmptyState>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4"
      aria-label="Point history"
    >
      {lines.map((line) => {
        const credit = isCreditPoint(line.type);
        return (
          <li key={line.id} className="flex items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {pointTypeLabel(line.type)}
              </p>
              <p className="break-words text-slate-900" title={line.description}>
                {truncatePointDescription(line.description)}
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(line.createdAt)}</p>
            </div>
            <span
              className={cn("shrink-0 font-bold tabular-nums", credit ? "text-emerald-700" : "text-red-700")}
            >
              {signedPoints(line)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
