import { FlaskConical, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminUser } from "../../../../core/schemas/members";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useTestAccounts } from "../users-api";
import { TestAccountsDeleteDialog } from "./test-accounts-delete-dialog";
import { UsersDeleteDialog } from "./users-delete-dialog";
import { atStakeLabel, displayName, fitcoinsLabel } from "./users-model";

/**
 * Test Account Management: how many, which (and what each holds), delete one, or delete them all
 * after a confirmation that names them.
 */
export function TestAccountsCard() {
  const query = useTestAccounts();
  const [confirmAll, setConfirmAll] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const accounts = query.data ?? [];
  const count = accounts.length;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="size-5 text-amber-600" aria-hidden="true" /> Test Account Management
        </CardTitle>
        <CardDescription>
          {query.isPending
            ? "Counting test accounts..."
            : `${count} test account${count === 1 ? "" : "s"}. Deleting removes their personal data for good.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <Spinner label="Loading test accounts" />
        ) : query.isError ? (
          <div className="flex items-center justify-between gap-2 text-sm text-red-700" role="alert">
            Could not load test accounts.
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="text-sm text-slate-600">No test accounts. Mark one as test in All Users.</p>
        ) : (
          <>
            <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label="Test accounts">
              {accounts.map((user) => (
                <li
                  key={user.id}
                  className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">
                      {displayName(user)} <span className="font-normal text-slate-500">@{user.username}</span>
                    </span>
                    <span className="block truncate text-slate-600">
                      {user.email} · {fitcoinsLabel(user.fitcoins)}
                    </span>
                    {user.atStake.length > 0 ? (
                      <span className="block text-xs font-medium text-amber-900">{atStakeLabel(user)}</span>
                    ) : null}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    aria-label={`Delete @${user.username}`}
                    onClick={() => setToDelete(user)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="destructive" className="w-full sm:w-auto" onClick={() => setConfirmAll(true)}>
              <Trash2 aria-hidden="true" /> Delete All Test Accounts
            </Button>
          </>
        )}
      </CardContent>
      <TestAccountsDeleteDialog accounts={accounts} open={confirmAll} onClose={() => setConfirmAll(false)} />
      <UsersDeleteDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
