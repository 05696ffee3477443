import { Activity, Coins, Footprints, type LucideIcon, Trophy } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { fc } from "../../../lib/format";
import { useUserStats } from "../api";

function Stat({
  icon: Icon,
  label,
  value,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tone: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl bg-slate-50 p-3">
      <Icon className={`size-5 ${tone}`} aria-hidden="true" />
      <dd className="truncate text-xl font-extrabold tabular-nums text-slate-900">{value}</dd>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
    </div>
  );
}

/** Totals from the member's stored facts: winnings, wins, steps, competitions under way. */
export function StatsCard() {
  const { data: stats, isPending, isError } = useUserStats();
  const show = (value: string) => (isPending ? "…" : isError || !stats ? "-" : value);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3" aria-busy={isPending}>
          <Stat
            icon={Coins}
            tone="text-amber-600"
            label="Total Winnings"
            value={show(fc(stats?.totalWinnings))}
          />
          <Stat
            icon={Trophy}
            tone="text-indigo-600"
            label="Competitions Won"
            value={show(formatCount(stats?.competitionsWon ?? 0))}
          />
          <Stat
            icon={Footprints}
            tone="text-emerald-700"
            label="Total Steps"
            value={show(formatCount(stats?.totalSteps ?? 0))}
          />
          <Stat
            icon={Activity}
            tone="text-rose-600"
            label="Active Competitions"
            value={show(formatCount(stats?.activeCompetitions ?? 0))}
          />
        </dl>
        {isError ? <p className="mt-3 text-sm text-red-700">Statistics could not be loaded.</p> : null}
      </CardContent>
    </Card>
  );
}
