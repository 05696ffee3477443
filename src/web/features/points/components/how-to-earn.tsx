import { Footprints, Trophy } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { earnRules } from "../points-view";

/** How to earn: points per 500 steps and the daily milestone bonuses, from the shared constants. */
export function HowToEarn() {
  const [perSteps, ...milestones] = earnRules();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="how-to-earn">How to Earn Points</CardTitle>
        <CardDescription>Walk every day: points arrive within a minute of your step sync.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {perSteps ? (
          <div className="flex items-center gap-3 rounded-xl bg-emerald-50 p-3 text-emerald-900">
            <Footprints className="size-6 shrink-0 text-emerald-700" aria-hidden="true" />
            <p className="text-sm">
              <span className="font-bold">{perSteps.label}</span> earns{" "}
              <span className="font-bold tabular-nums">{formatCount(perSteps.points)} points</span>
            </p>
          </div>
        ) : null}
        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-700">
            <Trophy className="size-4 text-amber-600" aria-hidden="true" /> Daily milestone bonuses
          </h3>
          <ul className="grid grid-cols-3 gap-2" aria-labelledby="how-to-earn">
            {milestones.map((rule) => (
              <li key={rule.label} className="rounded-xl border border-slate-200 px-2.5 py-2">
                <p className="text-xs text-slate-600">{rule.label}</p>
                <p className="font-bold text-emerald-700 tabular-nums">+{formatCount(rule.points)}</p>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
