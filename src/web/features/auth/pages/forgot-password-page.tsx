import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { forgotPasswordSchema } from "../../../../core/schemas/auth";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { AuthLayout, textLinkClass } from "../components/auth-layout";
import { ResultIcon } from "../components/result-icon";
import { useForgotPasswordMutation } from "../mutations";

type ForgotForm = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordPage() {
  const mutation = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotForm, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await mutation.mutateAsync({ email });
      setSentTo(email);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to send reset email"),
        variant: "destructive",
      });
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div className="grid gap-5 text-center">
          <ResultIcon icon={MailCheck} tone="success" />
          <p className="text-slate-700">
            If an account exists for <strong className="break-all">{sentTo}</strong>, we've sent a link to
            reset your password. The link expires in 1 hour.
          </p>
          <p className="text-sm text-slate-600">Didn't get it? Check your spam folder or try again.</p>
          <div className="grid gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setSentTo(null);
                mutation.reset();
              }}
            >
              Try Again
            </Button>
            <Button asChild>
              <Link href="/login">Back to Login</Link>
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a reset link."
      footer={
        <>
          Remembered it?{" "}
          <Link href="/login" className={textLinkClass}>
            Back to Login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="email" label="Email" error={error}>
          <Input
            {...fieldA11y("email", error)}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register("email")}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={mutation.isPending}>
          {mutation.isPending ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
    </AuthLayout>
  );
}
