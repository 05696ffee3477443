import { Star } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { Card, CardContent } from "../../../components/ui/card";
import type { PointsSummary } from "../api";

/** Available points large, with the lifetime earned and spent under them. */
export function PointsBalanceCard({ summary }: { summary: PointsSummary | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? "..." : formatCount(n));
  return (
    <Card className="overflow-hidden">
      <CardContent className="grid gap-4 bg-gradient-to-br from-violet-700 to-indigo-800 p-5 text-white">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold text-violet-50">Available Points</h2>
          <Star className="size-5 text-violet-100" aria-hidden="true" />
        </div>
        <p className="text-4xl font-extrabold tracking-tight tabular-nums" data-testid="available-points">
          {value(summary?.availablePoints)}
        </p>
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white/10 p-3 text-sm">
          <div>
            <dt className="text-violet-100">Total Earned</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="lifetime-earned">
              {value(summary?.lifetimeEarned)}
            </dd>
          </div>
          <div>
            <dt className="text-violet-100">Total Spent</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="lifetime-spent">
              {value(summary?.lifetimeSpent)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
