import { CircleAlert, ShieldCheck, Smartphone } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { useStepTracker } from "../tracker/browser-tracker";

/** The motion permission card of specification 1, section 4: granted, error, or not yet granted. */
export function MotionPermissionCard() {
  const { state, tracker } = useStepTracker();
  const ask = () => void tracker.requestPermission();

  if (state.hasPermission) {
    return (
      <Card className="border-emerald-200 bg-emerald-50" data-testid="motion-permission">
        <CardContent className="flex items-center gap-3 p-4">
          <ShieldCheck className="size-8 shrink-0 text-emerald-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 className="font-bold text-emerald-900">Motion Permission Granted</h2>
            <p className="text-sm text-emerald-800">
              {state.noSensor ? "But no motion sensor answers on this device" : "Step tracking is authorized"}
            </p>
          </div>
          {state.noSensor ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
              No sensor
            </span>
          ) : (
            <span className="rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-bold text-white">
              Active
            </span>
          )}
        </CardContent>
      </Card>
    );
  }

  if (state.error) {
    return (
      <Card className="border-red-200 bg-red-50" data-testid="motion-permission">
        <CardContent className="grid gap-3 p-4">
          <div className="flex items-start gap-3">
            <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden="true" />
            <div className="min-w-0">
              <h2 className="font-bold text-red-900">Permission Error</h2>
              <p className="text-sm text-red-800" role="alert">
                {state.error}
              </p>
            </div>
          </div>
          <Button variant="outline" onClick={ask} disabled={state.isConnecting}>
            {state.isConnecting ? "Requesting..." : "Try Again"}
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="border-amber-200 bg-amber-50" data-testid="motion-permission">
      <CardContent className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <Smartphone className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="font-bold text-amber-950">Motion Permission Required</h2>
            <p className="text-sm text-amber-900">
              StepRace counts your steps with your phone's motion sensors. Allow access to start tracking.
            </p>
          </div>
        </div>
        <Button onClick={ask} disabled={state.isConnecting}>
          {state.isConnecting ? "Requesting..." : "Grant Permission"}
        </Button>
        <p className="text-center text-xs text-amber-900">Please allow motion access when prompted</p>
      </CardContent>
    </Card>
  );
}
