import { ChartColumn, Watch } from "lucide-react";
import { useId } from "react";
import { formatCount } from "../../../../core/numbers";
import { stepsBySourceText } from "../../../../core/step-sources";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import { type StepHistoryDay, useStepHistory } from "../history-api";
import { type ChartModel, chartModel } from "./step-history-model";

/** "Phone 300 · Withings 1,000": a day's steps by source (issue 33), or "" for the phone alone. */
export function bySourceText(day: Pick<StepHistoryDay, "sources">): string {
  const sources = (day.sources ?? []).filter((s) => s.steps > 0);
  if (!sources.some((s) => s.source !== "phone")) return "";
  return stepsBySourceText(sources);
}

/** The member's last 7 local days as bars, today emphasised, with the goal line when given. */
export function StepHistoryChart({ goal, className }: { goal?: number; className?: string }) {
  const { data, isPending, isError, isFetching, refetch } = useStepHistory(7);
  const titleId = useId();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ChartColumn className="size-5 text-emerald-700" aria-hidden="true" /> Last 7 days
        </CardTitle>
        {data ? (
          <Summary model={chartModel(data, goal)} days={data.length} hasGoal={goal !== undefined} />
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ChartSkeleton />
        ) : isError && !data ? (
          <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load your step history.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <Chart days={data} goal={goal} titleId={titleId} />
        )}
      </CardContent>
    </Card>
  );
}

function Summary({ model, days, hasGoal }: { model: ChartModel; days: number; hasGoal: boolean }) {
  if (model.empty) return <CardDescription>No steps in the last {days} days yet.</CardDescription>;
  return (
    <CardDescription>
      {formatCount(model.total)} steps, {formatCount(model.average)} a day on average
      {hasGoal && model.goalPercent !== null ? `; goal met on ${model.daysMetGoal} of ${days} days` : ""}.
    </CardDescription>
  );
}

function barColour(bar: ChartModel["bars"][number]): string {
  if (bar.isToday) return "bg-emerald-700";
  return bar.metGoal ? "bg-emerald-500" : "bg-emerald-200";
}

function Chart({ days, goal, titleId }: { days: StepHistoryDay[]; goal?: number; titleId: string }) {
  const model = chartModel(days, goal);
  const sourceText = new Map(days.map((d) => [d.date, bySourceText(d)]));
  const anyWatch = [...sourceText.values()].some(Boolean);
  return (
    <>
      {/* The drawing is for the eyes; the table below says the same to a screen reader. */}
      <div aria-hidden="true">
        <div className="relative mt-5 h-36">
          <div className="absolute inset-x-0 bottom-0 border-b border-slate-200" />
          {model.goalPercent !== null ? (
            <div
              className="absolute inset-x-0 z-10 border-t-2 border-dashed border-amber-500"
              style={{ bottom: `${model.goalPercent}%` }}
            />
          ) : null}
          <div className="absolute inset-0 grid grid-cols-7 gap-1.5 sm:gap-3">
            {model.bars.map((bar) => (
              <div key={bar.date} className="flex h-full items-end justify-center">
                <div
                  className={cn("relative w-full max-w-12 rounded-t-md", barColour(bar))}
                  style={{ height: `${bar.heightPercent}%` }}
                  title={`${bar.dayLabel}: ${formatCount(bar.steps)} steps${sourceText.get(bar.date) ? ` (${sourceText.get(bar.date)})` : ""}`}
                >
                  <span
                    className={cn(
                      "absolute bottom-full left-1/2 mb-1 -translate-x-1/2 text-[11px] whitespace-nowrap tabular-nums",
                      bar.isToday ? "font-bold text-emerald-800" : "font-medium text-slate-600",
                      bar.steps === 0 && !bar.isToday && "text-slate-400",
                    )}
                  >
                    {bar.value}
                  </span>
                </div>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-2 grid grid-cols-7 gap-1.5 text-center text-xs sm:gap-3">
          {model.bars.map((bar) => (
            <span
              key={bar.date}
              className={cn(bar.isToday ? "font-bold text-emerald-800" : "text-slate-500")}
            >
              {bar.isToday ? "Today" : bar.weekday}
              {sourceText.get(bar.date) ? <Watch className="mx-auto mt-0.5 size-3 text-indigo-700" /> : null}
            </span>
          ))}
        </div>
        {anyWatch ? (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
            <Watch className="size-3.5 text-indigo-700" /> Includes steps from your watch (the larger count
            where both counted)
          </p>
        ) : null}
        {model.goalPercent !== null && goal !== undefined ? (
          <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
            <span className="w-5 border-t-2 border-dashed border-amber-500" />
            Daily goal: {formatCount(goal)} steps
          </p>
        ) : null}
      </div>
      {/* A table ignores the 1 px width of sr-only and would widen the page: the wrapper clips it. */}
      <div className="sr-only">
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Steps</th>
              {model.goalPercent !== null ? <th scope="col">Goal met</th> : null}
              {anyWatch ? <th scope="col">By source</th> : null}
            </tr>
          </thead>
          <tbody>
            {model.bars.map((bar) => (
              <tr key={bar.date}>
                <th scope="row">{bar.isToday ? `Today, ${bar.dayLabel}` : bar.dayLabel}</th>
                <td>{formatCount(bar.steps)}</td>
                {model.goalPercent !== null ? <td>{bar.metGoal ? "Yes" : "No"}</td> : null}
                {anyWatch ? <td>{sourceText.get(bar.date) || "Phone only"}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const SKELETON_HEIGHTS = [40, 65, 30, 80, 55, 20, 70];

function ChartSkeleton() {
  return (
    <div role="status" className="mt-5">
      <span className="sr-only">Loading step history</span>
      <div aria-hidden="true" className="grid h-36 animate-pulse grid-cols-7 items-end gap-1.5 sm:gap-3">
        {SKELETON_HEIGHTS.map((height) => (
          <div
            key={height}
            className="mx-auto w-full max-w-12 rounded-t-md bg-slate-200"
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="mt-2 h-4 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
