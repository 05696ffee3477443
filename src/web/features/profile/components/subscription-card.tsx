import { CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/format";
import type { User } from "../../auth/api";
import { useCancelSubscriptionMutation, useReactivateSubscriptionMutation } from "../../subscription/api";
import { PROFILE_TEXTS } from "../profile-view";

export function SubscriptionCard({ user }: { user: User }) {
  const cancel = useCancelSubscriptionMutation();
  const reactivate = useReactivateSubscriptionMutation();
  const ending = user.subscriptionStatus === "cancel_at_period_end";
  const periodEnd = user.subscriptionPeriodEnd
    ? formatDate(user.subscriptionPeriodEnd, { timeZone: user.timeZone })
    : null;
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
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: "Subscription Cancelled",
                    description: "You keep access until the end of the billing period.",
                  }),
                onError: failed(PROFILE_TEXTS.cancelFailed),
              })
            }
            disabled={cancel.isPending}
            className="w-full sm:w-fit"
          >
            {cancel.isPending ? "Cancelling..." : "Cancel Subscription"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
