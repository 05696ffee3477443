import { FlaskConical, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminUser } from "../../../../core/schemas/members";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { useDeleteTestAccounts, useTestAccounts } from "../users-api";
import { UsersDeleteDialog } from "./users-delete-dialog";
import { displayName, fitcoinsLabel } from "./users-model";

/** Test Account Management: how many, which, delete one, or delete them all after a confirmation. */
export function TestAccountsCard() {
  const query = useTestAccounts();
  const deleteAll = useDeleteTestAccounts();
  const [confirmAll, setConfirmAll] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const accounts = query.data ?? [];
  const count = accounts.length;

  const removeAll = () =>
    deleteAll.mutate(undefined, {
      onSuccess: (result) => {
        toast({
          title: "Test Accounts Deleted",
          description: result?.message ?? `${result?.deletedCount ?? 0} test accounts deleted.`,
        });
        setConfirmAll(false);
      },
      onError: () =>
        toast({
          title: "Delete Failed",
          description: "Failed to delete test accounts. Please try again.",
          variant: "destructive",
        }),
    });

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
                  className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">
                      {displayName(user)} <span className="font-normal text-slate-500">@{user.username}</span>
                    </span>
                    <span className="block truncate text-slate-600">
                      {user.email} · {fitcoinsLabel(user.fitcoins)}
                    </span>
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
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={(open) => {
          if (!deleteAll.isPending) setConfirmAll(open);
        }}
        title="Delete All Test Accounts"
        description={`Delete all ${count} test account${count === 1 ? "" : "s"}? This cannot be undone.`}
        confirmLabel="Delete All"
        pendingLabel="Deleting..."
        pending={deleteAll.isPending}
        destructive
        onConfirm={removeAll}
      />
      <UsersDeleteDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
