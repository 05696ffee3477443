import { ShieldAlert } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/format";
import { useFlaggedStepAccounts, useMarkStepFlagReviewed } from "../api";

const steps = (n: number) => n.toLocaleString("en-US");

/** Members whose step syncs were refused as implausible three times within a day. */
export function StepFlagsCard() {
  const { data, isPending, isError, refetch } = useFlaggedStepAccounts();
  const review = useMarkStepFlagReviewed();
  const markReviewed = (userId: number, username: string) =>
    review.mutate(userId, {
      onSuccess: () => toast({ title: "Reviewed", description: `${username} is no longer flagged.` }),
      onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-5 text-red-600" aria-hidden="true" /> Step Reviews
        </CardTitle>
        <CardDescription>
          Accounts whose step syncs were refused as faster than anyone walks, three times within 24 hours.
          Refused steps were never counted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading step reviews" />
          </div>
        ) : isError || !data ? (
          <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load step reviews.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : data.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
            No accounts are waiting for review.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Flagged accounts">
            {data.map((flag) => (
              <li key={flag.userId} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    {flag.firstName} {flag.lastName}
                  </p>
                  <p className="truncate text-sm text-slate-500">@{flag.username}</p>
                  <p className="text-sm text-slate-600">
                    {flag.refusals} refused syncs
                    {flag.lastRefusal
                      ? `; the last sent ${steps(flag.lastRefusal.steps)} steps where at most ${steps(flag.lastRefusal.allowedSteps)} were possible`
                      : ""}
                  </p>
                  <p className="text-xs text-slate-500">Flagged {formatDateTime(flag.flaggedAt)}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={review.isPending}
                  aria-label={`Mark ${flag.username} reviewed`}
                  onClick={() => markReviewed(flag.userId, flag.username)}
                >
                  Mark reviewed
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
