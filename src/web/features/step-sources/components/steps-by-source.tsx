import { AlertTriangle, Smartphone, Watch } from "lucide-react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import { lastSyncText, useStepSources } from "../api";

/**
 * Today's steps by source on the dashboard (issue 33), for a member with a watch connected: each
 * source's count, when each watch last synced, and a clear word when one needs reconnecting.
 * Nothing for a member who only has the phone.
 */
export function StepsBySource() {
  const { data } = useStepSources();
  if (!data || data.connections.length === 0) return null;
  const sources = data.today.bySource;
  return (
    <section
      aria-label="Today's steps by source"
      className="grid gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
    >
      <h3 className="font-semibold text-slate-900">Today by source</h3>
      {sources.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="Steps by source">
          {sources.map((s) => (
            <li key={s.source} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2 text-slate-700">
                {s.source === "phone" ? (
                  <Smartphone className="size-4 text-emerald-700" aria-hidden="true" />
                ) : (
                  <Watch className="size-4 text-indigo-700" aria-hidden="true" />
                )}
                {s.name}
              </span>
              <span className="font-semibold text-slate-900 tabular-nums">{formatCount(s.steps)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No steps from any source yet today.</p>
      )}
      {sources.length > 1 ? (
        <p className="text-xs text-slate-600">
          Counted: {formatCount(data.today.steps)}. Where sources counted the same time, the larger one
          counts.
        </p>
      ) : null}
      <ul className="grid gap-1 text-xs text-slate-600" aria-label="Watch syncs">
        {data.connections.map((c) =>
          c.status === "reconnect" ? (
            <li key={c.vendor} className="flex items-center gap-1 font-semibold text-amber-800">
              <AlertTriangle className="size-3.5" aria-hidden="true" />
              {c.name} needs reconnecting: its steps stopped syncing.{" "}
              <Link href="/profile" className="underline">
                Reconnect
              </Link>
            </li>
          ) : (
            <li key={c.vendor}>
              {c.name}: {lastSyncText(c)}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
