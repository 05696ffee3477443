import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/utils";
import { authKeys, useUser } from "../../auth/api";
import { StatusScreen } from "../components/status-screen";

/** Back from checkout: confirm the payment, refresh the user, then on to /subscription-activated. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const user = useUser();
  const moved = useRef(false);

  const confirm = useQuery({
    queryKey: [`/api/subscription/confirm?session_id=${encodeURIComponent(sessionId ?? "")}`],
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const confirmed = sessionId === null || confirm.isSuccess;

  useEffect(() => {
    if (!confirmed || moved.current) return;
    moved.current = true;
    void queryClient
      .refetchQueries({ queryKey: authKeys.user })
      .finally(() => navigate("/subscription-activated", { replace: true }));
  }, [confirmed, queryClient, navigate]);

  if (confirm.isError) {
    return (
      <StatusScreen>
        <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <CircleAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-bold">We couldn't confirm your payment</h1>
        <p className="text-sm text-slate-600">
          {errorMessage(confirm.error, "Please try again.")} If you were charged, your subscription will be
          activated as soon as the payment is confirmed.
        </p>
        <div className="grid w-full gap-2">
          <Button onClick={() => void confirm.refetch()} disabled={confirm.isFetching}>
            {confirm.isFetching ? "Retrying..." : "Retry"}
          </Button>
          {user ? (
            <Button asChild variant="outline">
              <Link href="/subscribe">Back to Subscription</Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href="/login">Sign In</Link>
            </Button>
          )}
        </div>
      </StatusScreen>
    );
  }

  return (
    <StatusScreen>
      <Spinner className="size-10" label="Confirming your payment" />
      <h1 className="text-xl font-bold">Confirming your payment...</h1>
      <p className="text-sm text-slate-600">This only takes a moment. Please keep this page open.</p>
    </StatusScreen>
  );
}
