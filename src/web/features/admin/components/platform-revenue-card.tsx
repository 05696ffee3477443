import { Coins } from "lucide-react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { dollars, formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { usePlatformFees } from "../api";
import { FEE_REVENUE } from "./revenue-words";

/** Platform Revenue (15% Fees): total, number of fee transactions and the latest fees. */
export function PlatformRevenueCard() {
  const { data, isPending, isError, refetch } = usePlatformFees();
  return (
    <Card role="region" aria-label="Platform Revenue (15% Fees)">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-500" aria-hidden="true" /> Platform Revenue (15% Fees)
        </CardTitle>
        <CardDescription>{FEE_REVENUE.counts}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading platform revenue" />
          </div>
        ) : isError || !data ? (
          <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load platform revenue.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3">
              <div className="rounded-xl bg-emerald-50 p-3">
                <p className="text-xs font-semibold text-emerald-800">{FEE_REVENUE.label}</p>
                <p className="text-2xl font-extrabold text-emerald-900 tabular-nums">
                  {dollars(data.totalBalance)}
                </p>
              </div>
              <div className="rounded-xl bg-slate-50 p-3">
                <p className="text-xs font-semibold text-slate-600">Fee Transactions</p>
                <p className="text-2xl font-extrabold tabular-nums">{formatCount(data.count)}</p>
              </div>
            </div>
            <Link href="/admin/finance" className="text-sm font-semibold text-emerald-800 underline">
              Revenue with subscriptions, by dates: Finance
            </Link>
            <div>
              <h3 className="mb-2 text-sm font-bold text-slate-800">Recent Fees</h3>
              {data.recentTransactions.length === 0 ? (
                <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
                  No platform fees collected yet.
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {data.recentTransactions.map((fee) => (
                    <li key={fee.id} className="flex items-center gap-3 py-2.5">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-semibold">{fee.username}</p>
                        <p className="text-xs text-slate-500">{formatDateTime(fee.createdAt)}</p>
                      </div>
                      <span
                        className={cn(
                          "rounded-full px-2 py-0.5 text-xs font-semibold capitalize",
                          fee.status === "completed"
                            ? "bg-emerald-100 text-emerald-800"
                            : "bg-slate-100 text-slate-700",
                        )}
                      >
                        {fee.status}
                      </span>
                      <span className="w-20 text-right font-bold text-emerald-700 tabular-nums">
                        {dollars(fee.amount)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
