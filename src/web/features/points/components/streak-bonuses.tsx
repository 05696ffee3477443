import { Flame } from "lucide-react";
import { STREAK_BONUS_MAX_POINTS } from "../../../../core/constants";
import { formatCount } from "../../../../core/numbers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import type { PointsSummary } from "../api";
import { stepsLabel, streakTiers } from "../points-view";

const dayWord = (n: number) => (n === 1 ? "day" : "days");

/** The streak tiers with their bonuses and the member's current run in each. */
export function StreakBonuses({ streaks }: { streaks: PointsSummary["streaks"] | undefined }) {
  const tiers = streakTiers(streaks);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Streak Bonuses</CardTitle>
        <CardDescription>
          Reach a step count on consecutive days for a bonus: a maximum of{" "}
          {formatCount(STREAK_BONUS_MAX_POINTS)} streak bonus points.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
          {tiers.map((tier) => (
            <li key={tier.steps} className="grid gap-2 rounded-xl border border-slate-200 p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-bold">{stepsLabel(tier.steps)} steps a day</h3>
                <span
                  className={cn(
                    "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
                    tier.days > 0 ? "bg-orange-100 text-orange-800" : "bg-slate-100 text-slate-600",
                  )}
                  data-testid={`streak-${tier.steps}`}
                >
                  <Flame className="size-3.5" aria-hidden="true" />
                  {tier.days} {dayWord(tier.days)}
                </span>
              </div>
              <ul className="flex flex-wrap gap-1.5" aria-label={`${stepsLabel(tier.steps)} streak bonuses`}>
                {tier.bonuses.map((b) => (
                  <li
                    key={b.days}
                    className={cn(
                      "rounded-lg px-2 py-1 text-xs font-semibold tabular-nums",
                      b.reached ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {b.days} days: +{formatCount(b.points)}
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-600">
                {tier.next.remaining} more {dayWord(tier.next.remaining)} for +{formatCount(tier.next.points)}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
