import { ChevronLeft, ChevronRight, FlaskConical, Trash2, Undo2, UsersRound } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { AdminUser } from "../../../../core/schemas/members";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { dollars, formatDateTime } from "../../../lib/format";
import { useAdminUsers, useSetTestAccount } from "../users-api";
import { UsersBadges } from "./users-badges";
import { UsersDeleteDialog } from "./users-delete-dialog";
import {
  adminUsersUrl,
  canDelete,
  canMarkTest,
  canUnmarkTest,
  displayName,
  fitcoinsLabel,
  hasNextPage,
} from "./users-model";

function UserRow({
  user,
  unmarking,
  onMarkTest,
  onUnmarkTest,
  onDelete,
}: {
  user: AdminUser;
  unmarking: boolean;
  onMarkTest: () => void;
  onUnmarkTest: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={`/admin/users/${user.id}`}
            className="truncate font-semibold text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {displayName(user)}
          </Link>
          <span className="text-sm text-slate-500">@{user.username}</span>
          <UsersBadges user={user} />
        </div>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <p className="text-xs text-slate-500">
          Balance {dollars(user.balance)} · {fitcoinsLabel(user.fitcoins)} · Joined{" "}
          {formatDateTime(user.createdAt)}
        </p>
      </div>
      {canMarkTest(user) || canUnmarkTest(user) || canDelete(user) ? (
        <div className="flex gap-2">
          {canMarkTest(user) ? (
            <Button variant="outline" size="sm" className="flex-1 sm:flex-none" onClick={onMarkTest}>
              <FlaskConical aria-hidden="true" /> Mark as Test
              {/* Each row's buttons are told apart by whom they act on, for screen readers too. */}
              <span className="sr-only"> @{user.username}</span>
            </Button>
          ) : null}
          {canUnmarkTest(user) ? (
            <Button
              variant="outline"
              size="sm"
              className="flex-1 sm:flex-none"
              disabled={unmarking}
              onClick={onUnmarkTest}
            >
              <Undo2 aria-hidden="true" /> {unmarking ? "Unmarking..." : "Unmark Test"}
              <span className="sr-only"> @{user.username}</span>
            </Button>
          ) : null}
          {canDelete(user) ? (
            <Button
              variant="outline"
              size="sm"
              className="flex-1 border-red-200 text-red-700 hover:bg-red-50 sm:flex-none"
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" /> Delete
              <span className="sr-only"> @{user.username}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** All Users, newest first, a page at a time: badges, balance, FitCoins, joined date, Mark as Test and Delete. */
export function UsersListCard({ className }: { className?: string }) {
  const [page, setPage] = useState(1);
  const query = useAdminUsers(adminUsersUrl({ page }));
  const setTest = useSetTestAccount();
  const [toMark, setToMark] = useState<AdminUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const users = query.data;

  const mark = (user: AdminUser) =>
    setTest.mutate(
      { id: user.id, test: true },
      {
        onSuccess: () => {
          setToMark(null);
          toast({
            title: "Marked as Test",
            description: `@${user.username} is a test account. Unmark Test on their row undoes it.`,
          });
        },
        onError: () =>
          toast({
            title: "Update Failed",
            description: "Failed to mark user as test account.",
            variant: "destructive",
          }),
      },
    );

  const unmark = (user: AdminUser) =>
    setTest.mutate(
      { id: user.id, test: false },
      {
        onSuccess: () =>
          toast({
            title: "Test Mark Removed",
            description: `@${user.username} is no longer a test account.`,
          }),
        onError: () =>
          toast({
            title: "Update Failed",
            description: "Failed to unmark the test account.",
            variant: "destructive",
          }),
      },
    );

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5 text-emerald-700" aria-hidden="true" /> All Users
        </CardTitle>
        <CardDescription>
          Every member, newest first. Admins cannot be marked as test or deleted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {users === undefined || users === null ? (
          query.isError ? (
            <div className="flex items-center justify-between gap-2 text-sm text-red-700" role="alert">
              Could not load users.
              <Button variant="outline" size="sm" onClick={() => query.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            <Spinner label="Loading users" />
          )
        ) : users.length === 0 ? (
          <p className="text-sm text-slate-600">{page === 1 ? "No users yet." : "No more users."}</p>
        ) : (
          <ul className="grid gap-2" aria-label="All users" aria-busy={query.isPlaceholderData}>
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                unmarking={setTest.isPending && setTest.variables?.id === user.id && !setTest.variables.test}
                onMarkTest={() => setToMark(user)}
                onUnmarkTest={() => unmark(user)}
                onDelete={() => setToDelete(user)}
              />
            ))}
          </ul>
        )}
        <nav className="flex items-center justify-between gap-2" aria-label="All users pages">
          <Button
            variant="outline"
            size="sm"
            disabled={page === 1 || query.isPlaceholderData}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasNextPage(users ?? undefined) || query.isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
          >
            Next page <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      </CardContent>
      <ConfirmDialog
        open={toMark !== null}
        onOpenChange={(open) => {
          if (!open && !setTest.isPending) setToMark(null);
        }}
        title="Mark as Test Account"
        description={
          toMark ? (
            <>
              Mark <strong>{displayName(toMark)}</strong> (@{toMark.username}) as a test account? Test
              accounts can be deleted all at once from Test Account Management. Unmark Test undoes this.
            </>
          ) : null
        }
        confirmLabel="Mark as Test"
        pendingLabel="Marking..."
        pending={setTest.isPending}
        onConfirm={() => {
          if (toMark) mark(toMark);
        }}
      />
      <UsersDeleteDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
