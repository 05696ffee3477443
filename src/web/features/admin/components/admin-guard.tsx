import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useAdminCheck } from "../api";

export const ACCESS_DENIED_MESSAGE = "Access Denied: You need admin privileges to access this page.";

/** Admin screens are routed for every active member; non-admins see Access Denied (DESIGN.md). */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAdmin, isLoading } = useAdminCheck();
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
  return <>{children}</>;
}
