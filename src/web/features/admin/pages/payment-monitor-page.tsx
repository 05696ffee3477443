import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../../components/layout/page";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Tabs } from "../../../components/ui/tabs";
import { AdminGuard } from "../components/admin-guard";
import { GlobalReconcile } from "../components/global-reconcile";
import { UserReconcileCheck } from "../components/user-reconcile-check";

/** Specification 3, section 9: the recommended reconciliation schedule. */
const schedule = [
  { when: "Daily", title: "Global reconciliation", what: "Scan every user's card payments." },
  {
    when: "Immediately",
    title: "On a user report",
    what: "When a member reports a missing deposit, check that member's payments.",
  },
  { when: "Weekly", title: "Health check", what: "Review recovered deposits and payment errors." },
];

type MonitorTab = "global" | "user";

export function PaymentMonitorPage() {
  const [tab, setTab] = useState<MonitorTab>("global");
  return (
    <AdminGuard>
      <PageHeader
        title="Payment Monitor"
        description="System-wide monitoring and per-user checks of deposits."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Tabs
            label="Payment monitor"
            value={tab}
            onValueChange={setTab}
            items={[
              { key: "global", label: "System-Wide Monitoring", content: <GlobalReconcile /> },
              {
                key: "user",
                label: "Current User Check",
                content: <UserReconcileCheck failureTitle="User Reconciliation Failed" />,
              },
            ]}
          />
        </div>
        <Card className="content-start self-start">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CalendarClock className="size-5 text-emerald-700" aria-hidden="true" /> Recommended Schedule
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {schedule.map(({ when, title, what }) => (
                <li key={when} className="flex gap-3">
                  <span className="h-fit w-24 shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-center text-xs font-bold text-emerald-800">
                    {when}
                  </span>
                  <span className="grid gap-0.5">
                    <span className="text-sm font-bold text-slate-900">{title}</span>
                    <span className="text-sm text-slate-600">{what}</span>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </AdminGuard>
  );
}
