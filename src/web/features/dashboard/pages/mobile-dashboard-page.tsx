import { RefreshCw, Smartphone, Trophy } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { DASHBOARD_REFRESH_THROTTLE_MS } from "../../../../core/constants";
import { formatCount } from "../../../../core/numbers";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { Button } from "../../../components/ui/button";
import { useIsOnline } from "../../../lib/device";
import { AdSlot } from "../../ads";
import { useUser } from "../../auth/api";
import { useResumeCompetitionInvite } from "../../competitions/pending-competition-invite";
import { StepsBySource } from "../../step-sources/components/steps-by-source";
import { MotionPermissionCard } from "../../steps/components/motion-permission-card";
import { StepHistoryChart } from "../../steps/components/step-history-chart";
import { StepTrackingCard } from "../../steps/components/step-tracking-card";
import { useStepTracker } from "../../steps/tracker/browser-tracker";
import {
  mobileDashboardStatsQueryOptions,
  useMobileDashboardStats,
  useRefreshDashboard,
  useStepGoal,
  useTodayTotal,
} from "../api";
import { BalanceCards } from "../components/balance-cards";
import { MyCompetitions } from "../components/my-competitions";
import { goalProgress, StepsSummaryCard } from "../components/steps-summary-card";
import { COMPETE_QUOTES, GOAL_ACHIEVED_LINE, MOTIVATIONAL_LINES, useRotatingIndex } from "../rotating-text";

/** Runs the refresh at most once per 2 s (specification 1, section 2.8). */
function useThrottledRefresh() {
  const refresh = useRefreshDashboard();
  const last = useRef(Number.NEGATIVE_INFINITY);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const now = Date.now();
    if (now - last.current < DASHBOARD_REFRESH_THROTTLE_MS) return;
    last.current = now;
    setBusy(true);
    try {
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function Greeting() {
  const user = useUser();
  return (
    <h1 className="text-2xl font-extrabold tracking-tight">Welcome, {user?.firstName || "Champion"}!</h1>
  );
}

function RefreshButton() {
  const refresh = useThrottledRefresh();
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={() => void refresh.run()}
      aria-label="Refresh"
      disabled={refresh.busy}
    >
      <RefreshCw className={refresh.busy ? "animate-spin" : undefined} aria-hidden="true" />
    </Button>
  );
}

/** Today's steps against the goal: what re-renders with each step counted and each answer. */
function TodaySummary() {
  const stats = useMobileDashboardStats();
  const online = useIsOnline();
  const steps = useTodayTotal(stats.data?.todaySteps);
  const goal = useStepGoal(mobileDashboardStatsQueryOptions);
  const lineIndex = useRotatingIndex(MOTIVATIONAL_LINES.length);
  const achieved = goalProgress(steps, goal).percent >= 100;
  return (
    <StepsSummaryCard
      steps={steps}
      goal={goal}
      offline={!online || stats.data?.offline === true}
      line={achieved ? GOAL_ACHIEVED_LINE : MOTIVATIONAL_LINES[lineIndex]}
    />
  );
}

function SessionSteps() {
  const { state } = useStepTracker();
  return state.stepCount > 0 ? (
    <p className="rounded-xl bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-900">
      This session: <span className="tabular-nums">{formatCount(state.stepCount)}</span> steps
    </p>
  ) : null;
}

function CompeteQuote() {
  const quoteIndex = useRotatingIndex(COMPETE_QUOTES.length);
  return <p className="text-sm text-indigo-100">{COMPETE_QUOTES[quoteIndex]}</p>;
}

function DashboardHistoryChart() {
  return <StepHistoryChart goal={useStepGoal(mobileDashboardStatsQueryOptions)} />;
}

function DashboardBalances() {
  const user = useUser();
  const balance = useMobileDashboardStats().data?.balance;
  return balance !== undefined ? <BalanceCards balance={balance} coins={user?.fitcoins ?? 0} /> : null;
}

/**
 * The phone's dashboard. Each part reads what it shows, so a step counted, an answer or a rotating
 * line re-renders that part and not the page (every step, while the member walks with it open).
 */
export function MobileDashboardPage() {
  useResumeCompetitionInvite();

  return (
    <div className="grid gap-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Greeting />
          <p className="text-slate-600">Ready to crush your step goals?</p>
        </div>
        <RefreshButton />
      </header>

      <TodaySummary />
      <StepsBySource />
      <SessionSteps />

      <MotionPermissionCard />
      <StepTrackingCard />

      {/* A phone shows today's steps and the tracker first: the rest follows once they are painted. */}
      <BelowFirstView>
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          <Smartphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          StepRace is optimised for smartphones only. Keep the screen unlocked and the app open while walking.
        </p>

        <MyCompetitions
          invitation={
            <section className="flex items-center gap-4 rounded-2xl bg-indigo-700 p-5 text-white shadow-sm">
              <Trophy className="size-10 shrink-0 text-amber-300" aria-hidden="true" />
              <div className="flex-1">
                <h2 className="font-bold">Ready to compete?</h2>
                <CompeteQuote />
              </div>
              <Button asChild size="sm" variant="inverse" className="text-indigo-800">
                <Link href="/competitions">Compete</Link>
              </Button>
            </section>
          }
        />

        <AdSlot placement="dashboard" />

        <DashboardHistoryChart />
        <DashboardBalances />
      </BelowFirstView>
    </div>
  );
}
