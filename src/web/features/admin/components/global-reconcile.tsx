import { CircleCheck, Globe } from "lucide-react";
import { useState } from "react";
import type { GlobalReconciliationResult } from "../../../../core/schemas/money";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { dollars } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useGlobalReconcileMutation } from "../api";
import { Stat } from "./stat";

/** System-Wide Monitoring: every member's card payments of the last 30 days against deposits. */
export function GlobalReconcile() {
  const reconcile = useGlobalReconcileMutation();
  const [result, setResult] = useState<GlobalReconciliationResult | null>(null);

  const run = async () => {
    try {
      const answer = await reconcile.mutateAsync();
      setResult(answer);
      if (answer.totalMissingDeposits === 0) {
        toast({ title: "No Missing Deposits Found", description: answer.message });
      } else {
        toast({ title: "Global Reconciliation Complete", description: answer.message, variant: "success" });
      }
    } catch (error) {
      toast({
        title: "Global Reconciliation Failed",
        description: errorMessage(error, "Could not run the system-wide check. Please try again."),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>System-Wide Monitoring</CardTitle>
          <CardDescription>
            Scans every member's card payments of the last 30 days and credits any that never reached a
            wallet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={run} disabled={reconcile.isPending}>
            <Globe aria-hidden="true" />
            {reconcile.isPending ? "Scanning all users..." : "Run Global Reconciliation"}
          </Button>
        </CardContent>
      </Card>
      {result ? (
        <Card aria-live="polite">
          <CardHeader>
            <CardTitle>Global Results</CardTitle>
            <CardDescription>{result.message}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid grid-cols-3 gap-2 sm:gap-3">
              <Stat label="Users Scanned" value={String(result.usersScanned)} />
              <Stat label="Missing" value={String(result.totalMissingDeposits)} tone="amber" />
              <Stat label="Recovered" value={String(result.totalRecoveredDeposits)} tone="emerald" />
            </div>
            {result.recoveryReport.length === 0 ? (
              <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-900">
                <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" /> No Missing Deposits
                Found
              </p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Recovery report by user</caption>
                  <thead className="text-xs text-slate-600">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-semibold">
                        User
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Missing
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Recovered
                      </th>
                      <th scope="col" className="py-2 pl-2 text-right font-semibold">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {result.recoveryReport.map((row) => (
                      <tr key={row.userId}>
                        <td className="max-w-40 truncate py-2 pr-3 font-semibold">{row.username}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{row.missingCount}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{row.recoveredCount}</td>
                        <td className="py-2 pl-2 text-right font-bold text-emerald-700 tabular-nums">
                          {dollars(row.totalAmount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
