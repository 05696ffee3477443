import { ShieldCheck } from "lucide-react";
import { EmptyState } from "../../../components/layout/page";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/format";
import { type BlockedUser, useBlockedUsers, useUnblockUser } from "../api";
import { blockedName, SAFETY_TEXTS } from "../safety-view";

function BlockedRow({ record }: { record: BlockedUser }) {
  const unblock = useUnblockUser();
  const { username, firstName, lastName } = record.blockedUser;
  const onUnblock = () =>
    unblock.mutate(record.blockedId, {
      onSuccess: () => toast({ ...SAFETY_TEXTS.unblocked, variant: "success" }),
      onError: () => toast({ ...SAFETY_TEXTS.unblockFailed, variant: "destructive" }),
    });
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar imageUrl={null} initials={initialsOf(firstName, lastName, username)} className="bg-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{blockedName(record)}</p>
        <p className="truncate text-sm text-slate-500">@{username}</p>
        {record.reason ? <p className="text-sm break-words text-slate-600">{record.reason}</p> : null}
        <p className="text-xs text-slate-500">Blocked {formatDateTime(record.createdAt)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={unblock.isPending}
        aria-label={`Unblock ${username}`}
        onClick={onUnblock}
      >
        {unblock.isPending ? "Unblocking..." : "Unblock"}
      </Button>
    </li>
  );
}

/** The members the viewer blocked, each with Unblock. */
export function BlockedUsersList() {
  const { data, isPending, isError, refetch } = useBlockedUsers();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Blocked Users</CardTitle>
        <CardDescription>
          Blocked members can't contact you, and their chat messages are hidden.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading blocked users" />
          </div>
        ) : isError || !data ? (
          <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load your blocked users.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : data.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="You haven't blocked anyone" className="py-6" />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Blocked users">
            {data.map((record) => (
              <BlockedRow key={record.id} record={record} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
