import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { disablePush, enablePush, type PushState, pushState } from "../push";

const pushKey = ["push-state"] as const;

/** Web Push on this device: the opt-in (and out), with what stands in the way when it cannot be. */
export function PushCard() {
  const queryClient = useQueryClient();
  const { data: state } = useQuery({
    queryKey: pushKey,
    queryFn: pushState,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(pushKey, await action());
    } catch (err) {
      setError(err instanceof Error ? err.message : "Push notifications could not be changed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="size-5 text-emerald-700" aria-hidden="true" /> Push notifications
        </CardTitle>
        <CardDescription>
          Get results, refunds and start reminders on this device even when StepRace is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!state ? (
          // The opt-in's place while this device's answer comes (a moment): the card below stays put.
          <div className="h-11" aria-hidden="true" />
        ) : state.status === "unsupported" ? (
          <p className="text-sm text-slate-600">{state.reason}</p>
        ) : state.status === "denied" ? (
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Notifications are blocked for StepRace in this browser's settings. Allow them there, then come
            back.
          </p>
        ) : state.status === "on" ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-semibold text-emerald-800">On for this device</p>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => change(disablePush)}>
              Turn off
            </Button>
          </div>
        ) : (
          <Button className="w-full sm:w-fit" disabled={busy} onClick={() => change(enablePush)}>
            <BellRing aria-hidden="true" /> Turn on push notifications
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
