import { CircleCheck, SearchCheck } from "lucide-react";
import { useState } from "react";
import type { ReconciliationResult } from "../../../../core/schemas/money";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { dollars } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useReconcileDepositsMutation } from "../../wallet/api";
import { Stat } from "./stat";

/** The deposit check for the signed-in admin's own account, with its results. */
export function UserReconcileCheck({
  title = "Current User Check",
  failureTitle,
}: {
  title?: string;
  failureTitle: string;
}) {
  const reconcile = useReconcileDepositsMutation();
  const [result, setResult] = useState<ReconciliationResult | null>(null);

  const run = async () => {
    try {
      const answer = await reconcile.mutateAsync();
      setResult(answer);
      if (answer.missingDepositsFound === 0) {
        toast({ title: "No Missing Deposits Found", description: answer.message });
      } else {
        toast({ title: "Reconciliation Complete", description: answer.message, variant: "success" });
      }
    } catch (error) {
      toast({
        title: failureTitle,
        description: errorMessage(error, "Could not check deposits. Please try again."),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>
            Compares your card payments of the last 30 days with your wallet deposits and credits any payment
            that never arrived.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={run} disabled={reconcile.isPending}>
            <SearchCheck aria-hidden="true" />
            {reconcile.isPending ? "Checking deposits..." : "Check My Deposits"}
          </Button>
        </CardContent>
      </Card>
      {result ? <ReconciliationResultView result={result} /> : null}
    </div>
  );
}

export function ReconciliationResultView({ result }: { result: ReconciliationResult }) {
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>Results</CardTitle>
        <CardDescription>{result.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Stat label="Missing Deposits Found" value={String(result.missingDepositsFound)} tone="amber" />
          <Stat label="Deposits Recovered" value={String(result.depositsRecovered)} tone="emerald" />
        </div>
        {result.recoveredDeposits.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-900">
            <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" /> No Missing Deposits Found
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {result.recoveredDeposits.map((d) => (
              <li key={d.paymentIntentId} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-sm">{d.paymentIntentId}</p>
                  <p className="text-xs text-slate-500">Transaction #{d.transactionId}</p>
                </div>
                <span className="font-bold text-emerald-700 tabular-nums">+{dollars(d.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
