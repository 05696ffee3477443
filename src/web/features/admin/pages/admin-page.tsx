import { Gift, History, Landmark, MonitorCheck, Scale, Ticket } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { AdminUser } from "../../../../core/schemas/members";
import { PageHeader } from "../../../components/layout/page";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { AddFitcoinsCard } from "../components/add-fitcoins-card";
import { AdminGuard } from "../components/admin-guard";
import { CompetitionDisputesCard } from "../components/competition-disputes-card";
import { HeldCompetitionsCard } from "../components/held-competitions-card";
import { PaymentFlagsCard } from "../components/payment-flags-card";
import { PlatformRevenueCard } from "../components/platform-revenue-card";
import { RedemptionsQueueCard } from "../components/redemptions-queue-card";
import { ReportsCard } from "../components/reports-card";
import { SettlementFailuresCard } from "../components/settlement-failures-card";
import { StepFlagsCard } from "../components/step-flags-card";
import { TestAccountsCard } from "../components/test-accounts-card";
import { UsersListCard } from "../components/users-list-card";
import { UsersSearchCard } from "../components/users-search-card";
import { useUserDeletions } from "../users-api";

const tools = [
  { href: "/admin/gift-cards", label: "Gift Card Offers", icon: Gift },
  { href: "/admin/reward-gift-cards", label: "Points Gift Cards", icon: Ticket },
  { href: "/admin/reconcile-deposits", label: "Deposit Reconciliation", icon: Landmark },
  { href: "/admin/payment-monitor", label: "Payment Monitor", icon: MonitorCheck },
  { href: "/admin/audit-log", label: "Audit Log", icon: History },
  { href: "/admin/finance", label: "Finance", icon: Scale },
];

export function AdminPage() {
  const [picked, setPicked] = useState<AdminUser | null>(null);
  // A member deleted after being picked is no longer one to add FitCoins to.
  const deletedIds = useUserDeletions();
  const selected = picked && !deletedIds.includes(picked.id) ? picked : null;
  return (
    <AdminGuard>
      <PageHeader title="Admin Panel" description="Manage members, FitCoins and platform revenue." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Admin Tools</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {tools.map(({ href, label, icon: Icon }) => (
              <Link
                key={href}
                href={href}
                className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 font-semibold outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600"
              >
                <Icon className="size-5 text-emerald-700" aria-hidden="true" /> {label}
              </Link>
            ))}
          </CardContent>
        </Card>
        <PlatformRevenueCard />
        <StepFlagsCard />
        <PaymentFlagsCard />
        <RedemptionsQueueCard />
        <SettlementFailuresCard />
        <HeldCompetitionsCard />
        <CompetitionDisputesCard />
        <ReportsCard />
        <UsersSearchCard selectedId={selected?.id ?? null} onSelect={setPicked} />
        <AddFitcoinsCard user={selected} />
        <TestAccountsCard />
        <UsersListCard className="lg:col-span-2" />
      </div>
    </AdminGuard>
  );
}
