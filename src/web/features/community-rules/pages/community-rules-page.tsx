import { useState } from "react";
import { Link, useLocation } from "wouter";
import { RULES_INVITE_EXTRA_MS, RULES_REDIRECT_MS } from "../../../../core/constants";
import { peekReturnPath, takeReturnPath } from "../../../app/return-path";
import { Brand } from "../../../components/layout/brand";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { signOutClick } from "../../../lib/sign-out";
import { errorMessage, wait } from "../../../lib/utils";
import { useRefreshCurrentUser, useSetCurrentUser, useUser } from "../../auth/api";
import { readPendingInvite } from "../../groups/pending-invite";
import { useAcceptRulesMutation } from "../api";
import { RulesContent } from "../components/rules-content";
import { rulesDestination } from "../rules-destination";

export function CommunityRulesPage() {
  const user = useUser();
  const [, navigate] = useLocation();
  const accept = useAcceptRulesMutation();
  const setUser = useSetCurrentUser();
  const refreshUser = useRefreshCurrentUser();
  const [agreed, setAgreed] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  // The button says where it leads: back to the invite or the page the member signed up from, when
  // one is kept, else the dashboard (the specification's words).
  const [destination] = useState(() => rulesDestination(peekReturnPath(), readPendingInvite()).label);

  const onContinue = async () => {
    try {
      const updated = await accept.mutateAsync();
      setRedirecting(true);
      toast({
        title: "Welcome to StepRace!",
        description: "Thanks for accepting the community rules.",
        variant: "success",
      });
      await wait(RULES_REDIRECT_MS);
      // The page the member was signing in for comes first (DESIGN 1, member pages while signed out).
      const to = rulesDestination(takeReturnPath(), readPendingInvite());
      if (to.keptInvite) await wait(RULES_INVITE_EXTRA_MS);
      setUser(updated);
      navigate(to.path);
      void refreshUser();
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to accept rules"),
        variant: "destructive",
      });
    }
  };

  const busy = accept.isPending || redirecting;

  return (
    <main className="min-h-dvh bg-slate-50 px-4 pt-[max(2rem,env(safe-area-inset-top))] pb-12">
      <div className="mx-auto max-w-2xl">
        <Brand size="lg" className="mb-6 justify-center" />
        <header className="mb-6 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight">
            Welcome to StepRace{user?.firstName ? `, ${user.firstName}` : ""}!
          </h1>
          <p className="mt-2 text-slate-600">
            Before you start, please read our community rules. They keep competitions fair and friendly.
          </p>
        </header>

        <RulesContent />

        <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          {user ? (
            <>
              <div className="flex items-start gap-3">
                <Checkbox
                  id="accept-rules"
                  checked={agreed}
                  onCheckedChange={(value) => setAgreed(value === true)}
                  disabled={busy}
                  className="mt-0.5"
                />
                <Label htmlFor="accept-rules" className="leading-snug font-medium">
                  I have read and agree to the community guidelines and billing terms.
                </Label>
              </div>
              <Button size="lg" className="mt-5 w-full" disabled={!agreed || busy} onClick={onContinue}>
                {accept.isPending ? "Saving..." : redirecting ? "Redirecting..." : destination}
              </Button>
            </>
          ) : (
            <div className="grid gap-3 text-center">
              <p className="text-sm text-slate-600">Sign in to accept the community rules.</p>
              <Button asChild size="lg">
                <Link href="/login">Sign In</Link>
              </Button>
            </div>
          )}
        </section>
        {user ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            Signed in as <strong>{user.username}</strong>.{" "}
            <a
              href="/api/logout"
              onClick={signOutClick}
              className="font-semibold text-emerald-700 underline-offset-4 hover:underline"
            >
              Sign Out
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}
