import { Smartphone, Trophy } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { useUser } from "../../auth/api";
import { BalanceCards } from "../components/balance-cards";
import { StepsSummaryCard } from "../components/steps-summary-card";

export function MobileDashboardPage() {
  const user = useUser();
  return (
    <div className="grid gap-4">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight">Welcome, {user?.firstName || "Champion"}!</h1>
        <p className="text-slate-600">Ready to crush your step goals?</p>
      </header>

      <StepsSummaryCard steps={0} goal={user?.stepGoal} />

      <section className="flex items-center gap-4 rounded-2xl bg-indigo-700 p-5 text-white shadow-sm">
        <Trophy className="size-10 shrink-0 text-amber-300" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="font-bold">Ready to compete?</h2>
          <p className="text-sm text-indigo-100">Every step counts. Join a challenge today.</p>
        </div>
        <Button asChild size="sm" variant="inverse" className="text-indigo-800">
          <Link href="/competitions">Compete</Link>
        </Button>
      </section>

      {user ? <BalanceCards balance={user.balance} coins={user.fitcoins} /> : null}

      <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
        <Smartphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        StepRace is optimised for smartphones only. Keep the screen unlocked and the app open while walking.
      </p>
    </div>
  );
}
