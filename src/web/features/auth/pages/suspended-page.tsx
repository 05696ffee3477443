import { Mail, ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { Button } from "../../../components/ui/button";
import { useHelpInfo } from "../../help/api";
import { AuthLayout, textLinkClass } from "../components/auth-layout";

/** Without the session's answer (cookies cleared): the same news, without the reason. */
const GENERIC = "This account is suspended. Contact support.";

/**
 * Issue 32: what a banned member's open page (and any page they open) shows instead of a bare
 * sign-in screen: that the account is suspended, the reason given (the session's answer, passed by
 * the access gate as `params.message`), what it means for their membership and money, and how to
 * reach support.
 */
export function SuspendedPage({ params }: PageProps) {
  const help = useHelpInfo();
  const message = params.message || GENERIC;
  const email = help.data?.supportEmail;
  return (
    <AuthLayout
      title="Your account is suspended"
      description="You were signed out on every device."
      footer={
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          <Link href="/help" className={textLinkClass}>
            Help
          </Link>
          <Link href="/login" className={textLinkClass}>
            Sign in with another account
          </Link>
        </p>
      }
    >
      <div className="grid gap-4 text-sm text-slate-700">
        <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="font-semibold break-words" data-testid="suspended-reason">
            {message}
          </p>
        </div>
        <p>
          While it lasts you cannot sign in, and you are left out of leaderboards, chats and competitions.
          Your wallet, FitCoins and points stay yours. We have emailed you what this means for your
          membership.
        </p>
        <div className="grid gap-2">
          <p className="font-semibold text-slate-900">Think this is a mistake? Write to us:</p>
          {email ? (
            <Button asChild className="w-full">
              <a href={`mailto:${email}`} data-testid="support-email">
                <Mail aria-hidden="true" /> {email}
              </a>
            </Button>
          ) : (
            <p className="text-slate-500">{help.isError ? "Address unavailable" : "Loading..."}</p>
          )}
        </div>
      </div>
    </AuthLayout>
  );
}
