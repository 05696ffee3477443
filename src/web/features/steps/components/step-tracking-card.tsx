import { Activity, CloudUpload, Play, Square } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { cn } from "../../../lib/utils";
import { useStepTracker } from "../tracker/browser-tracker";
import type { StepTracker, StepTrackerState } from "../tracker/step-tracker";
import { trackingStatus } from "../tracking-status";
import { TrackingHelpButton } from "./tracking-help-button";

const badge = {
  active: "bg-emerald-100 text-emerald-900",
  idle: "bg-slate-100 text-slate-700",
  warning: "bg-amber-100 text-amber-900",
} as const;
const dot = {
  active: "animate-pulse bg-emerald-600",
  idle: "bg-slate-400",
  warning: "bg-amber-500",
} as const;

// A disabled button here still tells the state ('Need Permission', 'Synced'): readable, not faded.
const STATUS_BUTTON = "disabled:text-slate-600 disabled:opacity-100";

/** Specification 1, section 4: 'Syncing...', 'Sync (n)' or 'Synced'. */
export function syncLabel(state: Pick<StepTrackerState, "isSyncing" | "stepsSinceLastSync">): string {
  if (state.isSyncing) return "Syncing...";
  return state.stepsSinceLastSync > 0 ? `Sync (${state.stepsSinceLastSync})` : "Synced";
}

export function startLabel(
  state: Pick<StepTrackerState, "hasPermission" | "isActive" | "trackingElsewhere">,
) {
  if (!state.hasPermission) return "Need Permission";
  if (state.isActive) return "Stop Tracking";
  return state.trackingElsewhere ? "Tracking in another tab" : "Start Tracking";
}

/** A sync the member asked for; with nothing pending it says so instead (specification 1, section 4). */
export async function syncNow(tracker: StepTracker): Promise<void> {
  if (tracker.getState().stepsSinceLastSync <= 0) {
    toast({ title: "Already Synced", description: "No new steps to sync" });
    return;
  }
  await tracker.sync();
}

/**
 * Start/stop and sync of the step tracker. `variant="desktop"` is the base dashboard's card
 * (Start Tracking and Sync Data); the mobile card adds the pending badge and the live indicator.
 */
export function StepTrackingCard({ variant = "mobile" }: { variant?: "mobile" | "desktop" }) {
  const { state, tracker } = useStepTracker();
  const status = trackingStatus(state, variant);
  const toggle = () => void (state.isActive ? tracker.stop() : tracker.start());
  const nothingToSync = state.stepsSinceLastSync <= 0;
  const startDisabled = !state.hasPermission || (!state.isActive && state.trackingElsewhere);

  return (
    <Card data-testid="step-tracking">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-emerald-700" aria-hidden="true" /> Step Tracking
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {state.stepsSinceLastSync > 0 ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 tabular-nums">
              {state.stepsSinceLastSync} pending
            </span>
          ) : null}
          <span
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-bold",
              badge[status.tone],
            )}
            role="status"
          >
            <span className={cn("size-2 rounded-full", dot[status.tone])} aria-hidden="true" />
            {status.badge}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p
          className={cn("text-sm", status.tone === "warning" ? "text-amber-900" : "text-slate-600")}
          data-testid="tracking-help"
        >
          {status.help}
        </p>
        <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
          <Button
            onClick={toggle}
            disabled={startDisabled}
            variant={state.isActive || startDisabled ? "outline" : "default"}
            className={startDisabled ? STATUS_BUTTON : undefined}
          >
            {state.isActive ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
            {startLabel(state)}
          </Button>
          {variant === "desktop" ? (
            <Button variant="secondary" onClick={() => void syncNow(tracker)} disabled={state.isSyncing}>
              <CloudUpload aria-hidden="true" /> {state.isSyncing ? "Syncing..." : "Sync Data"}
            </Button>
          ) : (
            <Button
              variant={nothingToSync && !state.isSyncing ? "outline" : "secondary"}
              onClick={() => void syncNow(tracker)}
              disabled={state.isSyncing || nothingToSync}
              className={nothingToSync && !state.isSyncing ? STATUS_BUTTON : undefined}
            >
              <CloudUpload aria-hidden="true" /> {syncLabel(state)}
            </Button>
          )}
        </div>
        <TrackingHelpButton />
      </CardContent>
    </Card>
  );
}
