import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "wouter";
import type { z } from "zod";
import { REDIRECT_AFTER_AUTH_MS } from "../../../../core/constants";
import type { loginSchema, User } from "../../../../core/schemas/auth";
import { hasActiveSubscription } from "../../../app/access-rules";
import { registerPathFor, rememberReturnPath, safeReturnPath } from "../../../app/return-path";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { lazyResolver } from "../../../lib/lazy-resolver";
import { errorMessage, wait } from "../../../lib/utils";
import { readPendingInvite } from "../../groups/pending-invite";
import { useSetCurrentUser } from "../api";
import { AuthLayout, textLinkClass } from "../components/auth-layout";
import { PasskeySignInButton } from "../components/passkey-sign-in-button";
import { TwoFactorStep } from "../components/two-factor-step";
import { needsSecondFactor, useLoginMutation } from "../mutations";

type LoginForm = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;

// zod is fetched at the first validation: the login screen is often the first one loaded.
const loginResolver = lazyResolver<LoginForm, unknown, LoginValues>(async () => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("../../../../core/schemas/auth"),
  ]);
  return zodResolver(loginSchema);
});

export function LoginPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const invite = params.get("invite");
  // DESIGN 1, member pages while signed out: the page this sign-in was asked for.
  const next = safeReturnPath(params.get("next"));
  const setUser = useSetCurrentUser();
  const loginMutation = useLoginMutation();
  const [redirecting, setRedirecting] = useState(false);
  // The password was right and two-factor is on: the code step shows instead of the form.
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm<LoginForm, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;

  /** After a sign-in (password or passkey): the toast, then where the member was going. */
  const finishSignIn = async (user: User) => {
    setRedirecting(true);
    toast({ title: "Logged in successfully", variant: "success" });
    await wait(REDIRECT_AFTER_AUTH_MS);
    // The session changes only now, so the access gate does not move the page before the toast.
    setUser(user);
    // Without the plan or the rules the gate shows those first; the rules screen then leads on.
    const gated = !hasActiveSubscription(user) || !user.rulesAccepted;
    rememberReturnPath(gated ? next : null);
    if (next) {
      navigate(next);
      return;
    }
    // The invite of the login link, or one kept from an invite link opened earlier (spec 1, 2.1).
    const kept = readPendingInvite();
    const code = invite ?? (kept?.type === "group" ? kept.inviteCode : null);
    navigate(code ? `/join/${encodeURIComponent(code)}` : "/");
  };

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    try {
      const answer = await loginMutation.mutateAsync({ username, password });
      if (needsSecondFactor(answer)) {
        setSecondStep(true);
        return;
      }
      await finishSignIn(answer);
    } catch (error) {
      toast({
        title: "Login Failed",
        description: errorMessage(error, "Invalid username or password"),
        variant: "destructive",
      });
    }
  });

  const busy = loginMutation.isPending || redirecting;
  const registerHref = next
    ? registerPathFor(next)
    : invite
      ? `/register?invite=${encodeURIComponent(invite)}`
      : "/register";

  return (
    <AuthLayout
      title={secondStep ? "Two-factor sign-in" : "Welcome back"}
      description={secondStep ? "One more step: prove it is you." : "Sign in to keep racing."}
      footer={
        <>
          Don't have an account?{" "}
          <Link href={registerHref} className={textLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      {secondStep ? (
        <TwoFactorStep
          onSignedIn={finishSignIn}
          onRestart={(message) => {
            setSecondStep(false);
            form.setValue("password", "");
            if (message) toast({ title: "Sign In Again", description: message, variant: "destructive" });
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="username" label="Username" error={errors.username?.message}>
            <Input
              {...fieldA11y("username", errors.username?.message)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register("username")}
            />
          </FormField>
          <FormField id="password" label="Password" error={errors.password?.message}>
            <PasswordInput
              {...fieldA11y("password", errors.password?.message)}
              autoComplete="current-password"
              {...form.register("password")}
            />
          </FormField>
          <div className="-mt-1 text-right text-sm">
            <Link href="/forgot-password" className={textLinkClass}>
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </Button>
          <PasskeySignInButton disabled={busy} onSignedIn={finishSignIn} />
        </form>
      )}
    </AuthLayout>
  );
}
