import { Coins, PiggyBank, Plus } from "lucide-react";
import { GROUP_RECENT_CONTRIBUTIONS } from "../../../../core/constants";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { fc, formatInZone } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { useContributions } from "../api";
import { contributionText, goalProgress } from "../group-view";
import { CardHeading } from "./group-badges";

function RecentContributions({ groupId }: { groupId: number }) {
  const contributions = useContributions(groupId);
  const timeZone = useTimeZone();
  if (contributions.isPending) {
    return (
      <div className="flex justify-center py-2">
        <Spinner className="size-5 border-2" label="Loading contributions" />
      </div>
    );
  }
  if (contributions.isError) {
    return <p className="text-sm text-slate-600">Could not load contributions.</p>;
  }
  const items = (contributions.data ?? []).slice(0, GROUP_RECENT_CONTRIBUTIONS);
  if (items.length === 0) return <p className="text-sm text-slate-600">No contributions yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Recent Contributions">
      {items.map((c) => (
        <li key={c.id} className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">
              {c.firstName} {c.lastName}
            </p>
            <p className="truncate text-sm text-slate-600">{contributionText(c)}</p>
            <time dateTime={c.createdAt} className="text-xs text-slate-500">
              {formatInZone(c.createdAt, timeZone)}
            </time>
          </div>
          <span className="shrink-0 font-bold text-emerald-700 tabular-nums">+{fc(c.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Group Money Pool (specification 2 section 2): balance, Available for competitions, the Entry
 * Fee chip, the goal with its percent and a bar capped at 100%, Contribute to Pool (the
 * specification's Join Pool: it adds FitCoins, it joins nothing), Recent Contributions: entries and
 * contributions alike.
 */
export function MoneyPoolCard({ group, onContribute }: { group: Group; onContribute: (() => void) | null }) {
  const progress = goalProgress(group.poolBalance, group.poolGoal);
  return (
    <Card aria-label="Group Money Pool" role="region">
      <CardHeading
        icon={PiggyBank}
        iconClassName="text-amber-600"
        aside={
          <span
            className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-amber-900"
            data-testid="entry-fee"
          >
            Entry Fee: {group.poolEntryPrice ? fc(group.poolEntryPrice) : "Free"}
          </span>
        }
      >
        Group Money Pool
      </CardHeading>
      <CardContent className="grid grid-cols-1 gap-4">
        <div>
          <p
            className="flex items-center gap-2 text-3xl font-extrabold text-slate-900 tabular-nums"
            data-testid="pool-balance"
          >
            <Coins className="size-7 text-amber-500" aria-hidden="true" /> {fc(group.poolBalance)}
          </p>
          <p className="text-sm text-slate-600">Available for competitions</p>
        </div>
        {progress && group.poolGoal ? (
          <div className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span className="font-semibold text-slate-700">Goal: {fc(group.poolGoal)}</span>
              <span className="font-bold text-slate-900 tabular-nums">{progress.percent}%</span>
            </div>
            <div
              className="h-2.5 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Pool goal"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.bar}
            >
              <div className="h-full rounded-full bg-amber-500" style={{ width: `${progress.bar}%` }} />
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No pool goal set.</p>
        )}
        {onContribute ? (
          <Button onClick={onContribute} className="w-full">
            <Plus aria-hidden="true" /> Contribute to Pool
          </Button>
        ) : null}
        <section className="grid grid-cols-1 gap-2">
          <h3 className="text-sm font-bold text-slate-700">Recent Contributions</h3>
          <RecentContributions groupId={group.id} />
        </section>
      </CardContent>
    </Card>
  );
}
