import { Footprints, Trophy, Users, Wallet } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { AdSlot } from "../../ads";
import { useUser } from "../../auth/api";
import { useResumeCompetitionInvite } from "../../competitions/pending-competition-invite";
import { StepsBySource } from "../../step-sources/components/steps-by-source";
import { StepHistoryChart } from "../../steps/components/step-history-chart";
import { StepTrackingCard } from "../../steps/components/step-tracking-card";
import { useStepTracker } from "../../steps/tracker/browser-tracker";
import { dashboardStatsQueryOptions, useDashboardStats, useStepGoal, useTodayTotal } from "../api";
import { WalletAndWinningsCards } from "../components/balance-cards";
import { MyCompetitions } from "../components/my-competitions";
import { RecentActivity } from "../components/recent-activity";
import { StepsSummaryCard } from "../components/steps-summary-card";

/** Shown while tracking is off: one tap asks for motion access if needed, then starts. */
function EnableTrackingPrompt() {
  const { state, tracker } = useStepTracker();
  if (state.isActive && state.hasPermission) return null;
  const enable = async () => {
    if (state.hasPermission || (await tracker.requestPermission())) await tracker.start();
  };
  return (
    <section className="flex flex-wrap items-center gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <Footprints className="size-8 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold text-amber-950">Step tracking is off</h2>
        <p className="text-sm text-amber-900">
          {state.error ?? "Turn it on to count your steps; they sync to your account as you walk."}
        </p>
      </div>
      <Button onClick={() => void enable()} disabled={state.isConnecting || state.trackingElsewhere}>
        {state.isConnecting ? "Requesting..." : "Enable Tracking"}
      </Button>
    </section>
  );
}

/** Today's steps against the goal: what re-renders with each step counted, not the page. */
function TodaySummary() {
  const steps = useTodayTotal(useDashboardStats().data?.todaySteps);
  return <StepsSummaryCard steps={steps} goal={useStepGoal(dashboardStatsQueryOptions)} />;
}

function DashboardHistoryChart() {
  return <StepHistoryChart goal={useStepGoal(dashboardStatsQueryOptions)} />;
}

function WalletAndWinnings() {
  const stats = useDashboardStats().data;
  return stats ? <WalletAndWinningsCards balance={stats.balance} winnings={stats.totalWinnings} /> : null;
}

/**
 * The laptop's dashboard. The parts that change while it is open (today's steps, counted as the
 * member walks; the stats, asked again after each sync) read their own state, so they re-render
 * alone.
 */
export function DesktopDashboardPage() {
  const user = useUser();
  const name = user?.firstName || user?.username || "User";
  useResumeCompetitionInvite();
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Welcome back, {name}!</h1>
        <p className="mt-1 text-slate-600">Here's where your day stands.</p>
      </header>
      <EnableTrackingPrompt />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <TodaySummary />
          <StepsBySource />
          <StepTrackingCard variant="desktop" />
          <DashboardHistoryChart />
          <MyCompetitions
            invitation={
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Trophy className="size-5 text-amber-500" aria-hidden="true" /> Ready to Compete
                  </CardTitle>
                  <CardDescription>Join a step competition and race for the prize pool.</CardDescription>
                </CardHeader>
                <CardContent>
                  <Button asChild>
                    <Link href="/competitions">Join Competition</Link>
                  </Button>
                </CardContent>
              </Card>
            }
          />
          <AdSlot placement="dashboard" />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <WalletAndWinnings />
          <RecentActivity />
          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              <Button asChild variant="outline" className="justify-start">
                <Link href="/wallet">
                  <Wallet aria-hidden="true" /> Add Funds
                </Link>
              </Button>
              <Button asChild variant="outline" className="justify-start">
                <Link href="/groups">
                  <Users aria-hidden="true" /> View Groups
                </Link>
              </Button>
            </CardContent>
          </Card>
          {/* The 'sidebar' placement: this side column, where it is one (laptop width). */}
          <AdSlot placement="sidebar" className="hidden lg:block" />
        </div>
      </div>
    </div>
  );
}
