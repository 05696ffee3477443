import { useQueryClient } from "@tanstack/react-query";
import { ShieldAlert, Smartphone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useUser } from "../../auth/api";
import { useAdminCheck } from "../api";

export const ACCESS_DENIED_MESSAGE = "Access Denied: You need admin privileges to access this page.";

export const TWO_FACTOR_NEEDED_MESSAGE =
  "Admin pages need two-factor sign-in. Turn it on in your profile (it takes a minute with an authenticator app), then come back.";
// The profile's set-up link (features/profile: TWO_FACTOR_SETUP_PATH), opened with its dialog.
const TWO_FACTOR_SETUP_PATH = "/profile?twoFactor=setup";

const needsTwoFactor = (error: unknown) => error instanceof ApiError && error.code === "TWO_FACTOR_REQUIRED";

/**
 * Whether an admin call answered 403 TWO_FACTOR_REQUIRED (ADMIN_REQUIRE_2FA on, the admin without
 * two-factor): any query or action of the admin screens, so none has to know of it.
 */
function useTwoFactorRequired(): boolean {
  const queryClient = useQueryClient();
  // A refusal already in the cache (the screen was open before) counts from the first render.
  const [required, setRequired] = useState(() =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => needsTwoFactor(q.state.error)),
  );
  useEffect(() => {
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (needsTwoFactor(e.query.state.error)) setRequired(true);
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.mutation && needsTwoFactor(e.mutation.state.error)) setRequired(true);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
  return required;
}

/**
 * Admin screens are routed for every active member; non-admins see Access Denied (DESIGN.md). An
 * admin whose calls need two-factor first is sent to set it up.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAdmin, isLoading } = useAdminCheck();
  // Once it is on, the refused screens' queries ask again on their own (errors are not kept).
  const refused = useTwoFactorRequired();
  const user = useUser();
  const twoFactorRequired = refused && !user?.twoFactorEnabled;
  if (isLoading) {
    return (
      <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-600">
        <Spinner label="Checking admin access" />
        <p>Checking admin access...</p>
      </div>
    );
  }
  if (!isAdmin) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
        <ShieldAlert className="size-12 text-red-600" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-bold text-red-900">Admins only</h1>
        <p className="mt-1 text-red-900" role="alert">
          {ACCESS_DENIED_MESSAGE}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  if (twoFactorRequired) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center">
        <Smartphone className="size-12 text-amber-700" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-bold text-amber-950">Turn on two-factor sign-in</h1>
        <p className="mt-1 text-amber-950" role="alert">
          {TWO_FACTOR_NEEDED_MESSAGE}
        </p>
        <Button asChild className="mt-5">
          <Link href={TWO_FACTOR_SETUP_PATH}>Set Up Two-Factor</Link>
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}
