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

/**
 * A deposit check (specification 3, Current User Check) and its results: for the signed-in
 * admin's own account, or run by an admin for a member's (the member page).
 */
export function DepositCheck({
  title,
  description,
  buttonLabel,
  failureTitle,
  check,
}: {
  title: string;
  description: string;
  buttonLabel: string;
  failureTitle: string;
  check: { mutateAsync: () => Promise<ReconciliationResult>; isPending: boolean };
}) {
  const [result, setResult] = useState<ReconciliationResult | null>(null);

  const run = async () => {
    try {
      const answer = await check.mutateAsync();
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
    <div className="grid min-w-0 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={run} disabled={check.isPending}>
            <SearchCheck aria-hidden="true" />
            {check.isPending ? "Checking deposits..." : buttonLabel}
          </Button>
        </CardContent>
      </Card>
      {result ? <ReconciliationResultView result={result} /> : null}
    </div>
  );
}

/** The deposit check for the signed-in admin's own account, with its results. */
export function UserReconcileCheck({
  title = "Current User Check",
  failureTitle,
}: {
  title?: string;
  failureTitle: string;
}) {
  const reconcile = useReconcileDepositsMutation();
  return (
    <DepositCheck
      title={title}
      description="Compares your card payments of the last 30 days with your wallet deposits and credits any payment that never arrived."
      buttonLabel="Check My Deposits"
      failureTitle={failureTitle}
      check={{ mutateAsync: () => reconcile.mutateAsync(), isPending: reconcile.isPending }}
    />
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
