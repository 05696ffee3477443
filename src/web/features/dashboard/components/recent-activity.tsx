import { Activity } from "lucide-react";
import { Link } from "wouter";
import { RECENT_ACTIVITY_ITEMS } from "../../../../core/constants";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useRecentTransactions } from "../../wallet/api";
import { TransactionList } from "../../wallet/components/transaction-row";

/** The 3 newest transactions (specification 1, 2.7), or an empty state. */
export function RecentActivity() {
  const { data, isPending, isError } = useRecentTransactions();
  const items = (data ?? []).slice(0, RECENT_ACTIVITY_ITEMS);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="recent-activity">Recent Activity</CardTitle>
        <Link href="/wallet" className="text-sm font-semibold text-emerald-700 hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-6" label="Loading recent activity" />
          </div>
        ) : items.length > 0 ? (
          <TransactionList items={items} labelledBy="recent-activity" />
        ) : (
          <div className="flex flex-col items-center gap-1 py-4 text-center">
            <Activity className="size-8 text-slate-300" aria-hidden="true" />
            <p className="font-semibold text-slate-700">
              {isError ? "Could not load recent activity" : "No recent activity"}
            </p>
            <p className="text-sm text-slate-500">Deposits, entry fees and prizes show up here.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
