import { ListChecks } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import type { ReconciliationRun } from "../../../../core/schemas/finance";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { dollars, formatInZone } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { useReconciliationRuns } from "../finance-api";
import { findingsLabel } from "./finance-model";

const STATUS = {
  succeeded: { label: "Completed", tone: "bg-emerald-50 text-emerald-800" },
  partial: { label: "Partly failed", tone: "bg-amber-50 text-amber-900" },
  failed: { label: "Failed", tone: "bg-red-50 text-red-800" },
  running: { label: "Running", tone: "bg-amber-50 text-amber-900" },
} as const;

const payments = (n: number) => `${formatCount(n)} missing ${n === 1 ? "payment" : "payments"}`;

/**
 * What a run found, in words. Only a run that went through every payment may say it found none: a
 * running or failed one says what it had done so far.
 */
function outcome(run: ReconciliationRun): string {
  const booked = `${run.recoveredCount} of ${payments(run.missingCount)} booked (${dollars(run.recoveredAmount)})`;
  if (run.status === "running") return "Still running";
  if (run.status === "failed") {
    return run.missingCount === 0 && run.recoveredCount === 0
      ? "Stopped before it could check the payments"
      : `Stopped midway: ${booked}`;
  }
  if (run.missingCount === 0) return "No missing deposits";
  return run.failedCount > 0 ? `${booked}; ${run.failedCount} could not be booked` : booked;
}

function RunRow({ run, timeZone }: { run: ReconciliationRun; timeZone: string }) {
  const status = STATUS[run.status];
  return (
    <li className="grid min-w-0 gap-1.5 py-3" data-testid="reconciliation-run">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          {run.trigger === "scheduled" ? "Daily run" : `By @${run.admin?.username ?? "admin"}`}
        </p>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", status.tone)}>
          {status.label}
        </span>
      </div>
      <p className="text-xs text-slate-500">
        <time dateTime={run.startedAt}>{formatInZone(run.startedAt, timeZone)}</time>
        {run.usersScanned === null
          ? null
          : ` · ${run.usersScanned} ${run.usersScanned === 1 ? "member" : "members"} scanned`}
      </p>
      <p className="text-sm text-slate-700">{outcome(run)}</p>
      {run.error ? <p className="break-words text-sm font-semibold text-red-700">{run.error}</p> : null}
      {run.findings.length > 0 ? (
        <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-semibold text-emerald-800">
            {findingsLabel(run.findings.length, run.missingCount)}
          </summary>
          <ul className="mt-2 grid gap-1.5">
            {run.findings.map((f) => (
              <li key={f.paymentIntentId} className="grid min-w-0 gap-0.5">
                <span className="flex justify-between gap-3">
                  <span className="truncate font-semibold">@{f.username ?? `member ${f.userId}`}</span>
                  <span className="tabular-nums">{dollars(f.amount)}</span>
                </span>
                <span className="break-all font-mono text-xs text-slate-500">
                  {f.paymentIntentId} · {f.purpose} ·{" "}
                  {f.error ? "not booked" : f.recovered ? "booked by this run" : "booked elsewhere"}
                </span>
                {f.error ? <span className="break-words text-xs text-red-700">{f.error}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/** The daily and manual global reconciliations, newest first, with what each found. */
export function ReconciliationRunsCard({ timeZone }: { timeZone: string }) {
  const runs = useReconciliationRuns();
  const items = runs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListChecks className="size-5 text-emerald-700" aria-hidden="true" /> Reconciliation Runs
        </CardTitle>
        <CardDescription>
          Each global deposit reconciliation (daily, or run by an admin) and the payments it found.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {runs.isPending ? (
          <Spinner label="Loading runs" />
        ) : runs.isError ? (
          <p role="alert">Could not load the runs.</p>
        ) : items.length === 0 ? (
          <p className="text-slate-600">No runs yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Reconciliation runs">
            {items.map((run) => (
              <RunRow key={run.id} run={run} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {runs.hasNextPage ? (
          <Button
            variant="outline"
            className="w-fit"
            disabled={runs.isFetchingNextPage}
            onClick={() => runs.fetchNextPage()}
          >
            {runs.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
