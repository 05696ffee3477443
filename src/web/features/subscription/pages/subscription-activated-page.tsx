import { PartyPopper } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { SUBSCRIPTION_ACTIVATED_COUNTDOWN_S } from "../../../../core/constants";
import { Button } from "../../../components/ui/button";
import { StatusScreen } from "../components/status-screen";

/** 8 s countdown, then the community rules (specification 3, Subscribe). */
export function SubscriptionActivatedPage() {
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(SUBSCRIPTION_ACTIVATED_COUNTDOWN_S);

  useEffect(() => {
    if (left <= 0) {
      navigate("/community-rules");
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);

  return (
    <StatusScreen>
      <div className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <PartyPopper className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-extrabold">Subscription Activated!</h1>
      <p className="text-slate-700">
        Welcome to StepRace. One last step: read and accept our community rules.
      </p>
      <p className="text-sm text-slate-600" aria-live="polite">
        Continuing to the community rules in {left} second{left === 1 ? "" : "s"}...
      </p>
      <div className="grid w-full gap-2">
        <Button asChild size="lg">
          <Link href="/community-rules">Accept Community Rules</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </StatusScreen>
  );
}
