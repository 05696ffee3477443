import { Download, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { AdminGuard } from "../components/admin-guard";
import { FinanceFigures } from "../components/finance-figures";
import { balancesNote, type DayRange, rangeInstants, thisMonth } from "../components/finance-model";
import { ReconciliationRunsCard } from "../components/reconciliation-runs-card";
import { downloadTransfersCsv, useFinanceSummary } from "../finance-api";

function FinanceContent() {
  const id = useId();
  const timeZone = useTimeZone();
  const [days, setDays] = useState<DayRange>(() => thisMonth(new Date(), timeZone));
  const [downloading, setDownloading] = useState(false);
  const checked = rangeInstants(days, timeZone);
  const range = checked.ok ? checked.range : null;
  const summary = useFinanceSummary(range);

  const download = async () => {
    if (!range) return;
    setDownloading(true);
    try {
      await downloadTransfersCsv(range);
    } catch (error) {
      toast({
        title: "Export Failed",
        description: errorMessage(error, "Could not export the ledger."),
        variant: "destructive",
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <form
            className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
            aria-label="Date range"
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={days.from}
                max={days.to || undefined}
                onChange={(e) => setDays({ ...days, from: e.target.value })}
              />
            </div>
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={days.to}
                min={days.from || undefined}
                onChange={(e) => setDays({ ...days, to: e.target.value })}
              />
            </div>
            <Button type="button" variant="outline" onClick={() => setDays(thisMonth(new Date(), timeZone))}>
              <RotateCcw aria-hidden="true" /> This month
            </Button>
            <Button type="button" onClick={download} disabled={!range || downloading}>
              <Download aria-hidden="true" /> {downloading ? "Exporting..." : "Download CSV"}
            </Button>
          </form>
          <p className="text-sm text-slate-600">
            Days in your time zone ({timeZone}), both included.
            {range ? ` ${balancesNote(range, new Date())}` : null}
          </p>
          {checked.ok ? null : (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {checked.error}
            </p>
          )}
        </CardContent>
      </Card>
      {!range ? null : summary.isPending ? (
        <Spinner label="Loading the figures" />
      ) : summary.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p>{errorMessage(summary.error, "Could not load the figures.")}</p>
          <Button variant="outline" onClick={() => summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <FinanceFigures summary={summary.data} />
      )}
      <ReconciliationRunsCard timeZone={timeZone} />
    </div>
  );
}

/** /admin/finance: what the business earned, took in, gave back and owes, from the ledger (admins). */
export function FinancePage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Finance"
        description="Figures from the ledger for a date range, its transfers as CSV, and the reconciliation runs."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <FinanceContent />
    </AdminGuard>
  );
}
