import { History } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "wouter";
import { type AuditEntry, auditActionWords } from "../../../../core/schemas/audit";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { formatInZone } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { useAuditLog } from "../audit-log-api";
import { AdminGuard } from "../components/admin-guard";
import {
  type AuditFilters,
  actionOptions,
  auditQuery,
  detailLines,
  NO_FILTERS,
  targetWords,
} from "../components/audit-log-model";

const TYPING_DELAY_MS = 300;

/** The filters after the admin stops typing for a moment. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const memberLink = (user: { id: number; username: string }) => (
  <Link
    href={`/admin/users/${user.id}`}
    className="font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:underline"
  >
    @{user.username}
  </Link>
);

function AuditRow({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const target = targetWords(entry);
  const details = detailLines(entry.details, timeZone);
  return (
    <li className="grid min-w-0 gap-2 rounded-xl border border-slate-200 p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-bold text-slate-900">{auditActionWords(entry.action)}</p>
        <time dateTime={entry.createdAt} className="text-sm text-slate-600">
          {formatInZone(entry.createdAt, timeZone)}
        </time>
      </div>
      <p className="text-sm text-slate-700">
        By {memberLink(entry.admin)}
        {entry.actor === "member" ? ", on their own account" : null}
        {target || entry.targetUser ? <span aria-hidden="true"> · </span> : null}
        {target ? <span>{target}</span> : null}
        {target && entry.targetUser ? ", " : null}
        {entry.targetUser ? <span>member {memberLink(entry.targetUser)}</span> : null}
      </p>
      {entry.reason ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">Reason:</span> {entry.reason}
        </p>
      ) : null}
      {details.length > 0 ? (
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          {details.map((d) => (
            <div key={d.label} className="contents">
              <dt className="text-slate-500">{d.label}</dt>
              <dd className="break-words text-slate-800">{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

function Filters({ value, onChange }: { value: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const id = useId();
  const options = useMemo(actionOptions, []);
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <form
      className="grid grid-cols-2 gap-3 lg:grid-cols-6"
      aria-label="Filter the audit log"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="col-span-2 grid gap-2">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <NativeSelect id={`${id}-action`} value={value.action} onChange={set("action")}>
          <option value="">All actions</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-admin`}>Admin</Label>
        <Input
          id={`${id}-admin`}
          value={value.admin}
          onChange={set("admin")}
          placeholder="Username or id"
          autoComplete="off"
        />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-member`}>Member</Label>
        <Input
          id={`${id}-member`}
          value={value.member}
          onChange={set("member")}
          placeholder="Username or id"
          autoComplete="off"
        />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={set("from")}
        />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={set("to")}
        />
      </div>
    </form>
  );
}

/** Every admin action, newest first (DESIGN 1): who did what, to whom, when and why. */
export function AuditLogPage() {
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const settled = useSettled(filters, TYPING_DELAY_MS);
  const query = useAuditLog(auditQuery(settled, timeZone));
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some((v) => v !== "");
  return (
    <AdminGuard>
      <PageHeader
        title="Audit Log"
        description={`Every admin action, newest first. Times in ${timeZone}.`}
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="flex items-center gap-2">
              <History className="size-5 text-emerald-700" aria-hidden="true" /> Filters
            </CardTitle>
            {filtered ? (
              <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                Clear filters
              </Button>
            ) : null}
          </CardHeader>
          <CardContent>
            <Filters value={filters} onChange={setFilters} />
          </CardContent>
        </Card>
        <section aria-label="Admin actions" className="grid gap-3">
          {query.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading the audit log" />
            </div>
          ) : query.isError ? (
            <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900" role="alert">
              <p>Could not load the audit log: {query.error.message}</p>
              <Button variant="outline" className="mt-3" onClick={() => query.refetch()}>
                Try again
              </Button>
            </div>
          ) : entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
              {filtered
                ? "No admin actions match these filters."
                : "No admin actions have been recorded yet."}
            </p>
          ) : (
            <ol className="grid gap-3">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </ol>
          )}
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </section>
      </div>
    </AdminGuard>
  );
}
