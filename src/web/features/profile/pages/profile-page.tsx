import { LogOut, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { signOutClick } from "../../../lib/sign-out";
import { useUser } from "../../auth/api";
import { StepSourcesCard } from "../../step-sources/components/step-sources-card";
import { DangerZoneCard } from "../components/danger-zone-card";
import { ProfileInfoCard } from "../components/profile-info-card";
import { SecurityCard } from "../components/security-card";
import { StatsCard } from "../components/stats-card";
import { StepTrackingCard } from "../components/step-tracking-card";
import { SubscriptionCard } from "../components/subscription-card";
import { showsSubscription } from "../profile-view";

// The profile form and its rules load when Edit is first tapped (or a few seconds after the page
// shows): the page's first screen does not need them.
const EditProfileDialog = lazyDialog(
  async () => (await import("../components/edit-profile-dialog")).EditProfileDialog,
);

/** My Profile (specification 3): who you are, your numbers, your membership, and account deletion. */
export function ProfilePage() {
  const user = useUser();
  const [editing, setEditing] = useState(false);
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
        >
          We couldn't load your profile. Please try again from the dashboard.
        </EmptyState>
      </div>
    );
  }
  // Before the rules are accepted the page shows outside the app shell (access rule 7).
  return (
    <div className={user.rulesAccepted ? undefined : "mx-auto max-w-4xl p-4"}>
      <PageHeader
        title="My Profile"
        backHref={user.rulesAccepted ? undefined : "/community-rules"}
        backLabel="Community Rules"
      />
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="grid content-start gap-4 lg:gap-6">
          <ProfileInfoCard user={user} onEdit={() => setEditing(true)} />
          {showsSubscription(user.subscriptionStatus) ? <SubscriptionCard user={user} /> : null}
          {/* A phone shows the cards above first: the rest follows once they are painted. */}
          <BelowFirstView>
            <StepTrackingCard />
            <StepSourcesCard />
          </BelowFirstView>
        </div>
        <div className="grid content-start gap-4 lg:gap-6">
          <BelowFirstView>
            <StatsCard />
            <SecurityCard timeZone={user.timeZone} />
            <DangerZoneCard />
          </BelowFirstView>
        </div>
      </div>
      <BelowFirstView>
        <Button asChild variant="outline" className="mt-6 w-full sm:w-fit">
          <a href="/api/logout" onClick={signOutClick}>
            <LogOut aria-hidden="true" /> Sign Out
          </a>
        </Button>
      </BelowFirstView>
      {editing ? <EditProfileDialog user={user} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}
