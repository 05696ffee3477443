import { Footprints, WifiOff } from "lucide-react";
import { DEFAULT_STEP_GOAL } from "../../../../core/constants";
import { formatCount } from "../../../../core/numbers";
import { Card, CardContent } from "../../../components/ui/card";

/** Percent of the goal (capped at 100) and steps left; the goal falls back to 10,000 (specification 1, 5). */
export function goalProgress(steps: number, goal: number | undefined) {
  const target = goal && goal > 0 ? goal : DEFAULT_STEP_GOAL;
  return {
    target,
    percent: Math.min(100, Math.floor((Math.max(0, steps) / target) * 100)),
    remaining: Math.max(0, target - steps),
  };
}

/** Today's steps against the goal, with the progress bar, an offline mark and a line of encouragement. */
export function StepsSummaryCard({
  steps,
  goal,
  offline = false,
  line,
}: {
  steps: number;
  goal: number | undefined;
  offline?: boolean;
  line?: string;
}) {
  const { target, percent, remaining } = goalProgress(steps, goal);
  return (
    <Card
      className="overflow-hidden border-0 bg-gradient-to-br from-emerald-700 to-indigo-700 text-white shadow-lg"
      data-testid="total-steps"
    >
      <CardContent className="p-5">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold tracking-wide text-emerald-50 uppercase">Today's Steps</h2>
          <span className="flex items-center gap-2">
            {offline ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">
                <WifiOff className="size-3.5" aria-hidden="true" /> Offline
              </span>
            ) : null}
            <Footprints className="size-5 text-emerald-100" aria-hidden="true" />
          </span>
        </div>
        <p className="mt-2 text-5xl font-extrabold tracking-tight tabular-nums" data-testid="today-steps">
          {formatCount(steps)}
        </p>
        <p className="text-emerald-50">of {formatCount(target)} goal</p>
        <div
          className="mt-4 h-3 overflow-hidden rounded-full bg-white/20"
          role="progressbar"
          aria-label="Daily goal progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-white transition-all" style={{ width: `${percent}%` }} />
        </div>
        <div className="mt-2 flex justify-between text-sm text-emerald-50">
          <span>{percent}% complete</span>
          <span>{formatCount(remaining)} steps to go</span>
        </div>
        {line ? (
          <p className="mt-4 rounded-xl bg-white/10 px-3 py-2 text-sm font-medium text-white">{line}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
