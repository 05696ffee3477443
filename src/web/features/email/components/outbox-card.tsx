import { Inbox, RefreshCw } from "lucide-react";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { type OutboxEmail, useOutboxEmails } from "../api";

function status(email: OutboxEmail): { label: string; className: string } {
  if (email.error) return { label: "Failed", className: "bg-red-100 text-red-900" };
  if (email.sentAt) return { label: "Sent", className: "bg-emerald-100 text-emerald-900" };
  return { label: "Queued", className: "bg-slate-200 text-slate-800" };
}

function OutboxRow({ email }: { email: OutboxEmail }) {
  const s = status(email);
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0" data-testid="outbox-email">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold break-words text-slate-900">{email.subject}</p>
        <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold", s.className)}>
          {s.label}
        </span>
      </div>
      <p className="text-sm break-all text-slate-700">To {email.to}</p>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
        <span>{formatDateTime(email.createdAt)}</span>
        <span>Template: {email.template}</span>
        <span>Via: {email.transport}</span>
      </p>
      {email.error ? <p className="text-sm text-red-700">{email.error}</p> : null}
    </li>
  );
}

/** The newest messages of the outbox, so an admin without SMTP sees what was sent. */
export function OutboxCard() {
  const outbox = useOutboxEmails();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Inbox className="size-5 text-emerald-700" aria-hidden="true" /> Recent Emails
          </CardTitle>
          <CardDescription>The latest 20 messages the app sent or stored.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="icon"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
          aria-label="Refresh recent emails"
        >
          <RefreshCw className={cn(outbox.isFetching && "animate-spin")} aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        {outbox.isError ? (
          <ListError message="Could not load recent emails." onRetry={() => void outbox.refetch()} />
        ) : outbox.isPending ? (
          <ListLoading label="Loading recent emails" />
        ) : outbox.data && outbox.data.length > 0 ? (
          <ul className="divide-y divide-slate-200" aria-label="Recent emails">
            {outbox.data.map((email) => (
              <OutboxRow key={email.id} email={email} />
            ))}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-slate-600">No emails yet. Send a test email above.</p>
        )}
      </CardContent>
    </Card>
  );
}
