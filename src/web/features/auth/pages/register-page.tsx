import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "wouter";
import type { z } from "zod";
import { REDIRECT_AFTER_AUTH_MS } from "../../../../core/constants";
import { PASSWORD_AS_TYPED, registerSchema } from "../../../../core/schemas/auth";
import { loginPathFor, rememberReturnPath, safeReturnPath } from "../../../app/return-path";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage, wait } from "../../../lib/utils";
import { useSetCurrentUser } from "../api";
import { AuthLayout, textLinkClass } from "../components/auth-layout";
import { useRegisterMutation } from "../mutations";

type RegisterForm = z.input<typeof registerSchema>;
const PASSWORD_MISMATCH = "Passwords don't match";

export function RegisterPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  // An invite's Sign Up & Join: after the subscription and the rules the member lands back there.
  const next = safeReturnPath(params.get("next"));
  const setUser = useSetCurrentUser();
  const registerMutation = useRegisterMutation();
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      username: "",
      email: "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors } = form.formState;

  const onInvalid = (invalid: FieldErrors<RegisterForm>) => {
    if (invalid.confirmPassword?.message === PASSWORD_MISMATCH) {
      toast({ title: "Error", description: PASSWORD_MISMATCH, variant: "destructive" });
    }
  };

  const onSubmit = form.handleSubmit(async ({ timeZone: _ignored, ...values }) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      setRedirecting(true);
      toast({
        title: "Account Created",
        description: `Welcome to StepRace, ${user.firstName || user.username}! Next, choose your subscription.`,
        variant: "success",
      });
      await wait(REDIRECT_AFTER_AUTH_MS);
      rememberReturnPath(next);
      setUser(user);
      navigate("/subscribe");
    } catch (error) {
      toast({
        title: "Registration Failed",
        description: errorMessage(error, "Failed to create account"),
        variant: "destructive",
      });
    }
  }, onInvalid);

  const busy = registerMutation.isPending || redirecting;
  const field = (name: keyof RegisterForm) => fieldA11y(name, errors[name]?.message);

  return (
    <AuthLayout
      title="Create your account"
      description="Join weekly step challenges and start earning FitCoins."
      footer={
        <>
          Already have an account?{" "}
          <Link href={next ? loginPathFor(next) : "/login"} className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
            <Input {...field("firstName")} autoComplete="given-name" {...form.register("firstName")} />
          </FormField>
          <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
            <Input {...field("lastName")} autoComplete="family-name" {...form.register("lastName")} />
          </FormField>
        </div>
        <FormField id="username" label="Username" error={errors.username?.message}>
          <Input
            {...field("username")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register("username")}
          />
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input
            {...field("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register("email")}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <PasswordInput {...field("password")} autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <p className="-mt-2 text-xs text-slate-600" data-testid="password-rule">
          At least 8 characters. {PASSWORD_AS_TYPED}
        </p>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            {...field("confirmPassword")}
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        </FormField>
        <p className="text-sm text-slate-600" data-testid="legal-consent">
          By creating an account you agree to the{" "}
          <a href="/terms" target="_blank" rel="noopener" className={textLinkClass}>
            Terms of Service
          </a>{" "}
          and the{" "}
          <a href="/privacy" target="_blank" rel="noopener" className={textLinkClass}>
            Privacy Policy
          </a>
          .
        </p>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating account..." : "Create Account"}
        </Button>
      </form>
    </AuthLayout>
  );
}
