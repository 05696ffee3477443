import { Ticket, UserPlus } from "lucide-react";
import { Link } from "wouter";
import { hasActiveSubscription } from "../../../app/access-rules";
import type { PageProps } from "../../../app/pages";
import { BrandMark, BrandName } from "../../../components/layout/brand";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useUser } from "../../auth/api";

/** /join/{code} and /groups/join/{code}: shown whatever the login state (specification 1, 2.1 rule 4). */
export function InviteJoinPage({ params }: PageProps) {
  const user = useUser();
  const code = params.inviteCode ?? "";
  const subscribed = user !== null && hasActiveSubscription(user);
  const inShell = subscribed && user?.rulesAccepted === true;

  const card = (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <UserPlus className="size-7" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">Join Group</CardTitle>
        <CardDescription>You've been invited to a StepRace group.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-center gap-2 rounded-xl bg-slate-100 px-4 py-3">
          <Ticket className="size-5 text-slate-600" aria-hidden="true" />
          <span className="text-sm text-slate-600">Invite code</span>
          <code className="font-mono text-base font-bold break-all text-slate-900">{code}</code>
        </div>
        {!user ? (
          <>
            <p className="text-center text-sm text-slate-600">
              Sign in or create an account to join this group.
            </p>
            <Button asChild size="lg">
              <Link href={`/login?invite=${encodeURIComponent(code)}`}>Sign Up &amp; Join Group</Link>
            </Button>
          </>
        ) : !subscribed ? (
          <>
            <p className="text-center text-sm text-slate-700">
              An active subscription is required to join groups. Your invite code is saved for later.
            </p>
            <Button asChild size="lg">
              <Link href="/subscribe">Subscribe &amp; Join</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="text-center text-sm text-slate-700">Your invite code is saved.</p>
            <Button asChild size="lg" variant="outline">
              <Link href={inShell ? "/groups" : "/community-rules"}>
                {inShell ? "Go to Groups" : "Continue"}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );

  if (inShell) return <div className="flex justify-center pt-4">{card}</div>;
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50 px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-10">
      <Link href="/" className="mb-6 flex items-center gap-2 rounded-lg">
        <BrandMark className="size-10" />
        <BrandName className="text-2xl" />
      </Link>
      {card}
    </main>
  );
}
