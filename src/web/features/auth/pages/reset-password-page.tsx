import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import { z } from "zod";
import { PASSWORD_AS_TYPED, resetPasswordSchema } from "../../../../core/schemas/auth";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { AuthLayout, textLinkClass } from "../components/auth-layout";
import { ResultIcon } from "../components/result-icon";
import { useResetPasswordMutation } from "../mutations";

/** The route's schema without the token (it comes from the URL), plus the confirmation. */
const resetFormSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
type ResetForm = z.input<typeof resetFormSchema>;

const INVALID_LINK_MESSAGE = "This password reset link is invalid or expired.";

function InvalidLink() {
  return (
    <AuthLayout title="Invalid Reset Link">
      <div className="grid gap-5 text-center">
        <ResultIcon icon={TriangleAlert} tone="warning" />
        <p className="text-slate-700">{INVALID_LINK_MESSAGE} Please request a new one.</p>
        <div className="grid gap-2">
          <Button asChild>
            <Link href="/forgot-password">Request a new link</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/login">Back to Login</Link>
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}

function ResetComplete() {
  return (
    <AuthLayout title="Password Reset Complete">
      <div className="grid gap-5 text-center">
        <ResultIcon icon={CircleCheck} tone="success" />
        <p className="text-slate-700">
          Your password has been changed. You can now sign in with your new password.
        </p>
        <Button asChild size="lg">
          <Link href="/login">Go to Login</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const mutation = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const form = useForm<ResetForm, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  if (!token) return <InvalidLink />;
  if (done) return <ResetComplete />;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await mutation.mutateAsync({ token, password });
      setDone(true);
    } catch (error) {
      const message = errorMessage(error, "Failed to reset password. Please try again.");
      if (/invalid or expired/i.test(message)) {
        toast({ title: "Invalid Reset Link", description: INVALID_LINK_MESSAGE, variant: "destructive" });
      } else {
        toast({ title: "Reset Failed", description: message, variant: "destructive" });
      }
    }
  });

  return (
    <AuthLayout
      title="Choose a new password"
      description={`Use at least 8 characters. ${PASSWORD_AS_TYPED}`}
      footer={
        <Link href="/login" className={textLinkClass}>
          Back to Login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="password" label="New Password" error={errors.password?.message}>
          <PasswordInput
            {...fieldA11y("password", errors.password?.message)}
            autoComplete="new-password"
            {...form.register("password")}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            {...fieldA11y("confirmPassword", errors.confirmPassword?.message)}
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={mutation.isPending}>
          {mutation.isPending ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
