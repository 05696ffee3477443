import {
  BadgeCheck,
  Check,
  CircleHelp,
  Gift,
  Headphones,
  Star,
  Trophy,
  User,
  Users,
  Wallet,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { SUBSCRIPTION_PRICE_LABEL } from "../../../../core/constants";
import { hasActiveSubscription } from "../../../app/access-rules";
import { Brand } from "../../../components/layout/brand";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { signOutClick } from "../../../lib/sign-out";
import { errorMessage } from "../../../lib/utils";
import { useUser } from "../../auth/api";
import { useCreateCheckoutMutation } from "../api";
import { endedPlanText } from "../subscription-view";

/** DESIGN 1, lapsed members: what stays open without a plan. */
const ownMoneyLinks = [
  { label: "Wallet", href: "/wallet", icon: Wallet },
  { label: "Redeem", href: "/redeem", icon: Gift },
  { label: "Points", href: "/points", icon: Star },
  { label: "Profile", href: "/profile", icon: User },
];

const benefits = [
  { icon: Trophy, text: "Unlimited step competitions with prize pools" },
  { icon: Users, text: "Group features: create, join and compete with friends" },
  { icon: Headphones, text: "Priority support" },
];

export function SubscribePage() {
  const user = useUser();
  const checkout = useCreateCheckoutMutation();
  const [leaving, setLeaving] = useState(false);
  const subscribed = user !== null && hasActiveSubscription(user);
  const ended = user && !subscribed ? endedPlanText(user) : null;

  // Back from the checkout page, a page restored from the back-forward cache must not stay busy.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const startCheckout = async () => {
    try {
      const { url } = await checkout.mutateAsync();
      setLeaving(true);
      window.location.href = url;
    } catch (error) {
      toast({
        title: "Failed to create checkout session",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      });
    }
  };

  const busy = checkout.isPending || leaving;

  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50 px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-10">
      <Brand size="lg" className="mb-6" />
      <Card className="w-full max-w-md overflow-hidden">
        <div className="bg-gradient-to-br from-emerald-700 to-indigo-700 px-6 py-8 text-center text-white">
          <h1 className="text-2xl font-extrabold">
            {subscribed
              ? "Your subscription is active"
              : ended
                ? "Renew to compete again"
                : "Subscribe to start competing"}
          </h1>
          {ended ? (
            <p className="mt-2 font-semibold text-emerald-50" data-testid="ended-plan">
              {ended}
            </p>
          ) : null}
          <p className="mt-4">
            <span className="text-5xl font-extrabold tracking-tight">{SUBSCRIPTION_PRICE_LABEL}</span>
            <span className="text-lg font-semibold text-emerald-100">/month</span>
          </p>
          <p className="mt-2 text-sm text-emerald-50">
            Renews monthly. Cancel anytime; access lasts to the end of the period.
          </p>
        </div>
        <CardContent className="grid gap-6 pt-6">
          <ul className="grid gap-3">
            {benefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                  <Icon className="size-3.5" aria-hidden="true" />
                </span>
                <span className="text-slate-800">{text}</span>
              </li>
            ))}
            <li className="flex items-start gap-3">
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              <span className="text-slate-800">Step tracking, leaderboards, badges and FitCoin rewards</span>
            </li>
          </ul>
          {subscribed ? (
            <div className="grid gap-2">
              <p className="flex items-center justify-center gap-2 font-semibold text-emerald-800">
                <BadgeCheck className="size-5" aria-hidden="true" /> You're all set.
              </p>
              <Button asChild size="lg">
                <Link href="/">Go to Dashboard</Link>
              </Button>
            </div>
          ) : (
            <Button size="lg" onClick={startCheckout} disabled={busy}>
              {busy
                ? "Redirecting to checkout..."
                : `${ended ? "Renew" : "Subscribe"} for ${SUBSCRIPTION_PRICE_LABEL}/month`}
            </Button>
          )}
          <p className="text-center text-xs text-slate-600">
            Payments are processed securely by our card payment provider.
          </p>
        </CardContent>
      </Card>
      {user && !subscribed ? (
        <section aria-labelledby="own-money-title" className="mt-6 w-full max-w-md">
          <h2 id="own-money-title" className="text-center font-bold text-slate-900">
            Your money stays yours
          </h2>
          <p className="mt-1 text-center text-sm text-slate-600">
            Without a subscription you can still open your wallet, redeem your FitCoins and points, and manage
            or delete your account.
          </p>
          <nav aria-label="Your account" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ownMoneyLinks.map(({ label, href, icon: Icon }) => (
              <Button key={href} asChild variant="outline">
                <Link href={href}>
                  <Icon aria-hidden="true" /> {label}
                </Link>
              </Button>
            ))}
          </nav>
        </section>
      ) : null}
      {user && !subscribed ? (
        <p className="mt-6 text-sm text-slate-600">
          Signed in as <strong>{user.username}</strong>.{" "}
          <a
            href="/api/logout"
            onClick={signOutClick}
            className="font-semibold text-emerald-700 underline-offset-4 hover:underline"
          >
            Sign out
          </a>
          {" · "}
          <Link
            href="/help"
            className="inline-flex items-center gap-1 font-semibold text-emerald-700 underline-offset-4 hover:underline"
          >
            <CircleHelp className="size-3.5" aria-hidden="true" /> Help
          </Link>
        </p>
      ) : null}
    </main>
  );
}
