import { Trophy, Users, Wallet } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useUser } from "../../auth/api";
import { BalanceCards } from "../components/balance-cards";
import { RecentActivity } from "../components/recent-activity";
import { StepsSummaryCard } from "../components/steps-summary-card";

export function DesktopDashboardPage() {
  const user = useUser();
  const name = user?.firstName || user?.username || "User";
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Welcome back, {name}!</h1>
        <p className="mt-1 text-slate-600">Here's where your day stands.</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <StepsSummaryCard steps={0} goal={user?.stepGoal} />
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
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {user ? <BalanceCards balance={user.balance} coins={user.fitcoins} /> : null}
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
        </div>
      </div>
    </div>
  );
}
