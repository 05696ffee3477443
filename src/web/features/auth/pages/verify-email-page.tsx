import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "wouter";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/utils";
import { authKeys, useUser } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { ResultIcon } from "../components/result-icon";
import { ResendVerificationButton } from "../components/verify-email-banner";
import { useVerifyEmailMutation } from "../mutations";

const INVALID = "This verification link is invalid, expired or already used.";

/**
 * The emailed link (/verify-email?token=...): opened once, it verifies the address (or makes a new
 * one the member's); signed in or not, in any state of the account.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const user = useUser();
  const queryClient = useQueryClient();
  const verify = useVerifyEmailMutation();
  const asked = useRef(false);
  useEffect(() => {
    // Once: the token is single-use, and a second request (a re-run effect) would read as a dead link.
    if (!token || asked.current) return;
    asked.current = true;
    verify.mutate({ token }, { onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }) });
  }, [token, verify, queryClient]);

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email Verified">
        <div className="grid gap-5 text-center">
          <ResultIcon icon={CircleCheck} tone="success" />
          <p className="text-slate-700">{verify.data.message}</p>
          <Button asChild size="lg">
            <Link href={user ? "/" : "/login"}>{user ? "Continue" : "Go to Login"}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  if (!token || verify.isError) {
    return (
      <AuthLayout title="Link Not Valid">
        <div className="grid gap-5 text-center">
          <ResultIcon icon={TriangleAlert} tone="warning" />
          <p className="text-slate-700">{token ? errorMessage(verify.error, INVALID) : INVALID}</p>
          {user ? (
            <ResendVerificationButton />
          ) : (
            <p className="text-sm text-slate-600">Sign in to get a new link.</p>
          )}
          <Button asChild variant="outline">
            <Link href={user ? "/" : "/login"}>{user ? "Back to StepRace" : "Go to Login"}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Verifying your email">
      <div className="grid justify-items-center gap-3 text-slate-700" role="status">
        <LoaderCircle className="size-8 animate-spin text-emerald-700" aria-hidden="true" />
        <p>One moment…</p>
      </div>
    </AuthLayout>
  );
}
