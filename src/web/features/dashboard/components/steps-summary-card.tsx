import { Footprints } from "lucide-react";
import { DEFAULT_STEP_GOAL } from "../../../../core/constants";
import { Card, CardContent } from "../../../components/ui/card";

const format = (n: number) => n.toLocaleString("en-US");

/**
 * Today's steps against the goal. Until step tracking syncs, `steps` is 0: the card shows a
 * true empty state rather than invented numbers.
 */
export function StepsSummaryCard({ steps, goal }: { steps: number; goal: number | undefined }) {
  const target = goal && goal > 0 ? goal : DEFAULT_STEP_GOAL;
  const percent = Math.min(100, Math.round((steps / target) * 100));
  const remaining = Math.max(0, target - steps);
  return (
    <Card className="overflow-hidden border-0 bg-gradient-to-br from-emerald-700 to-indigo-700 text-white shadow-lg">
      <CardContent className="p-5">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold tracking-wide text-emerald-50 uppercase">Total Steps</h2>
          <Footprints className="size-5 text-emerald-100" aria-hidden="true" />
        </div>
        <p className="mt-2 text-5xl font-extrabold tracking-tight tabular-nums">{format(steps)}</p>
        <p className="text-emerald-50">of {format(target)} goal</p>
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
          <span>{format(remaining)} steps to go</span>
        </div>
        {steps === 0 ? (
          <p className="mt-4 rounded-xl bg-white/10 px-3 py-2 text-sm text-emerald-50">
            No steps recorded today yet. Open StepRace on your phone and start walking.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
