import { useMutation } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/utils";
import { useUser } from "../api";

function resendVerification(): Promise<{ message: string }> {
  return apiRequest("/api/auth/resend-verification", { method: "POST" });
}

/** Sends a new verification link; the toast says where it went. */
export function ResendVerificationButton({ variant = "default" }: { variant?: "default" | "outline" }) {
  const resend = useMutation({
    mutationKey: ["resend-verification"],
    mutationFn: resendVerification,
    retry: 0,
  });
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={resend.isPending || resend.isSuccess}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (r) => toast({ title: "Link Sent", description: r.message, variant: "success" }),
          onError: (e) =>
            toast({
              title: "Not Sent",
              description: errorMessage(e, "Could not send a new link. Please try again in a minute."),
              variant: "destructive",
            }),
        })
      }
    >
      {resend.isSuccess ? "Link sent" : resend.isPending ? "Sending..." : "Send a new link"}
    </Button>
  );
}

/**
 * Until the member opens the link sent at sign-up, the app says so at the top of every page: they
 * can use it all, but no gift card can be redeemed (issue 30).
 */
export function VerifyEmailBanner() {
  const user = useUser();
  if (!user || user.emailVerified) return null;
  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <MailWarning className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Please verify your email: open the link we sent to <strong className="break-all">{user.email}</strong>
        . Until then gift cards can't be redeemed.
      </p>
      <ResendVerificationButton variant="outline" />
    </div>
  );
}
