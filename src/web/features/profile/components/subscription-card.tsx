import { CreditCard } from "lucide-react";
import { useState } from "react";
import { LazyConfirmDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import type { User } from "../../auth/api";
import { useCancelSubscriptionMutation, useReactivateSubscriptionMutation } from "../../subscription/api";
import { cancelConfirmationText, periodEndText } from "../../subscription/subscription-view";
import { PROFILE_TEXTS } from "../profile-view";

/**
 * The membership in the profile: its state, until when it is paid, and Cancel (asked first, saying
 * until when it stays active: issue 32) or Reactivate.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const cancel = useCancelSubscriptionMutation();
  const reactivate = useReactivateSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const ending = user.subscriptionStatus === "cancel_at_period_end";
  const periodEnd = periodEndText(user);
  const failed = (description: string) => () =>
    toast({ title: "Error", description, variant: "destructive" });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-emerald-700" aria-hidden="true" /> Subscription
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          Status:{" "}
          <strong className={ending ? "text-amber-700" : "text-emerald-700"}>
            {ending ? "Cancels at the end of the billing period" : "Active"}
          </strong>
        </p>
        {periodEnd ? (
          <p className="text-slate-600">
            {ending ? `Access until ${periodEnd}; no further charge.` : `Renews on ${periodEnd}.`}
          </p>
        ) : null}
        {ending ? (
          <Button
            onClick={() =>
              reactivate.mutate(undefined, {
                onSuccess: () => toast({ title: "Subscription Reactivated", variant: "success" }),
                onError: failed(PROFILE_TEXTS.reactivateFailed),
              })
            }
            disabled={reactivate.isPending}
            className="w-full sm:w-fit"
          >
            {reactivate.isPending ? "Reactivating..." : "Reactivate Subscription"}
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => setConfirming(true)}
            disabled={cancel.isPending}
            className="w-full sm:w-fit"
          >
            Cancel Subscription
          </Button>
        )}
      </CardContent>
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={cancelConfirmationText(user)}
        confirmLabel="Cancel Subscription"
        pendingLabel="Cancelling..."
        cancelLabel="Keep Subscription"
        pending={cancel.isPending}
        destructive
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (updated) => {
              setConfirming(false);
              const end = periodEndText(updated);
              toast({
                title: "Subscription Cancelled",
                description: end
                  ? `Your membership stays active until ${end}; no further charge.`
                  : "You keep access until the end of the billing period.",
              });
            },
            onError: failed(PROFILE_TEXTS.cancelFailed),
          })
        }
      />
    </Card>
  );
}
