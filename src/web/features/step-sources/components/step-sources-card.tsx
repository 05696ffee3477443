import { AlertTriangle, Link2, RefreshCw, Unlink, Watch } from "lucide-react";
import { useEffect, useState } from "react";
import type { StepSourcesOverview } from "../../../../core/schemas/step-sources";
import { LazyConfirmDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import {
  connectOutcome,
  lastSyncText,
  useConnectStepSource,
  useDisconnectStepSource,
  useStepSources,
} from "../api";

type Connection = StepSourcesOverview["connections"][number];

/** The toast for the vendor's redirect back to this page, once; the query string is then cleared. */
function useConnectOutcomeToast() {
  useEffect(() => {
    const outcome = connectOutcome(window.location.search);
    if (!outcome) return;
    toast({
      title: outcome.title,
      description: outcome.description,
      variant: outcome.ok ? "success" : "destructive",
    });
    const url = new URL(window.location.href);
    url.searchParams.delete("stepSource");
    url.searchParams.delete("result");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
}

/**
 * Watches & Trackers on the profile (issue 33): connect a wearable whose steps count with the
 * phone's (the larger where both counted), see when each last synced, reconnect one the vendor
 * no longer accepts, disconnect. Absent when the server has no vendor set up and none is connected.
 */
export function StepSourcesCard() {
  useConnectOutcomeToast();
  const { data } = useStepSources();
  const connect = useConnectStepSource();
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
  if (!data || (data.available.length === 0 && data.connections.length === 0)) return null;
  const start = (vendor: string) =>
    connect.mutate(
      { vendor, returnTo: window.location.pathname },
      {
        onError: (error) =>
          toast({
            title: "Not Connected",
            description: errorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  const unconnected = data.available.filter((v) => !data.connections.some((c) => c.vendor === v.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Watch className="size-5 text-emerald-700" aria-hidden="true" /> Watches &amp; Trackers
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p>
          Your watch counts steps while your phone is in a pocket with the screen off. Where your phone and
          your watch both counted the same minutes, the larger count is used, never both.
        </p>
        {data.connections.length > 0 ? (
          <ul className="grid divide-y divide-slate-100" aria-label="Connected watches and trackers">
            {data.connections.map((c) => (
              <li key={c.vendor} className="flex flex-wrap items-center gap-3 py-2.5">
                <Watch className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{c.name}</p>
                  {c.status === "reconnect" ? (
                    <p className="flex items-center gap-1 text-xs font-semibold text-amber-800">
                      <AlertTriangle className="size-3.5" aria-hidden="true" /> Needs reconnecting: {c.name}{" "}
                      no longer accepts this connection.
                    </p>
                  ) : (
                    <p className="text-xs text-slate-600">Connected · {lastSyncText(c)}</p>
                  )}
                </div>
                <div className="flex gap-2">
                  {c.status === "reconnect" && data.available.some((v) => v.id === c.vendor) ? (
                    <Button size="sm" onClick={() => start(c.vendor)} disabled={connect.isPending}>
                      <RefreshCw aria-hidden="true" /> Reconnect
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDisconnecting(c)}
                    aria-label={`Disconnect ${c.name}`}
                  >
                    <Unlink aria-hidden="true" /> Disconnect
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {unconnected.map((v) => (
          <Button
            key={v.id}
            className="w-full sm:w-fit"
            onClick={() => start(v.id)}
            disabled={connect.isPending}
          >
            <Link2 aria-hidden="true" /> {connect.isPending ? "Opening…" : `Connect ${v.name}`}
          </Button>
        ))}
      </CardContent>
      {disconnecting ? (
        <DisconnectDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
      ) : null}
    </Card>
  );
}

function DisconnectDialog({ connection, onClose }: { connection: Connection; onClose: () => void }) {
  const disconnect = useDisconnectStepSource();
  return (
    <LazyConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Disconnect ${connection.name}?`}
      description={`StepRace stops reading your ${connection.name} steps and gives up its access. The steps it already counted stay counted.`}
      confirmLabel="Disconnect"
      pendingLabel="Disconnecting…"
      pending={disconnect.isPending}
      destructive
      onConfirm={() =>
        disconnect.mutate(connection.vendor, {
          onSuccess: (result) => {
            toast({ title: "Disconnected", description: result.message, variant: "success" });
            onClose();
          },
          onError: (error) =>
            toast({
              title: "Error",
              description: errorMessage(error, "Please try again."),
              variant: "destructive",
            }),
        })
      }
    />
  );
}
