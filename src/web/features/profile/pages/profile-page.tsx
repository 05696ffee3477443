import { CalendarDays, CreditCard, LogOut, Mail, UserX } from "lucide-react";
import { Link } from "wouter";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { signOutClick } from "../../../lib/sign-out";
import { useUser } from "../../auth/api";

const statusLabel: Record<string, string> = {
  active: "Active",
  cancel_at_period_end: "Cancels at the end of the billing period",
  inactive: "Not subscribed",
  expired: "Expired",
};

export function ProfilePage() {
  const user = useUser();
  if (!user) {
    return (
      <div className="p-4">
        <EmptyState
          icon={UserX}
          title="Profile Not Found"
          action={
            <Button asChild>
              <Link href="/dashboard">Back to Dashboard</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  const since = new Date(user.createdAt).toLocaleDateString(undefined, { year: "numeric", month: "long" });
  return (
    <div className={user.rulesAccepted ? undefined : "mx-auto max-w-2xl p-4"}>
      <PageHeader
        title="My Profile"
        backHref={user.rulesAccepted ? undefined : "/community-rules"}
        backLabel="Community Rules"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="flex items-center gap-4 p-5">
            <Avatar
              imageUrl={user.profileImageUrl}
              initials={initialsOf(user.firstName, user.lastName, user.username)}
              className="size-16 text-xl"
            />
            <div className="min-w-0">
              <h2 className="truncate text-xl font-bold">{name}</h2>
              <p className="truncate text-slate-600">@{user.username}</p>
            </div>
          </CardContent>
          <CardContent className="grid gap-2 text-sm text-slate-700">
            <p className="flex items-center gap-2">
              <Mail className="size-4 text-slate-500" aria-hidden="true" /> {user.email}
            </p>
            <p className="flex items-center gap-2">
              <CalendarDays className="size-4 text-slate-500" aria-hidden="true" /> Member since {since}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard className="size-5 text-emerald-700" aria-hidden="true" /> Subscription
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              Status: <strong>{statusLabel[user.subscriptionStatus] ?? user.subscriptionStatus}</strong>
            </p>
            {user.subscriptionPeriodEnd ? (
              <p className="text-slate-600">
                Current period ends {new Date(user.subscriptionPeriodEnd).toLocaleDateString()}
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
      <Button asChild variant="outline" className="mt-6">
        <a href="/api/logout" onClick={signOutClick}>
          <LogOut aria-hidden="true" /> Sign Out
        </a>
      </Button>
    </div>
  );
}
