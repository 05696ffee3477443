import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatCount } from "../../../../../core/numbers";
import type { MemberDetail } from "../../../../../core/schemas/admin-member";
import { stepSourceName, stepsBySourceText } from "../../../../../core/step-sources";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card";
import { fc, formatInZone } from "../../../../lib/format";
import { reportReasonLabel } from "../reports-card";

/** A titled card with a list, or a line saying the list is empty. */
export function ListCard({
  title,
  empty,
  children,
  className,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {children.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={title}>
            {children}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Competitions and groups the member is in (current and recent). */
export function MemberActivityCards({ member, timeZone }: { member: MemberDetail; timeZone: string }) {
  const when = (iso: string) => formatInZone(iso, timeZone);
  return (
    <>
      <ListCard title="Competitions" empty="No competitions joined.">
        {member.competitions.map((c) => (
          <li key={c.competitionId} className="py-2.5">
            <p className="font-semibold text-slate-900">
              {c.name} <span className="text-sm font-normal text-slate-500">· {c.status}</span>
            </p>
            <p className="text-sm text-slate-600">
              {formatCount(c.steps)} steps
              {c.finalPosition ? ` · #${c.finalPosition}` : ""}
              {c.prize ? ` · won ${fc(c.prize)}` : ""}
              {c.disqualified ? " · disqualified" : ""}
            </p>
            <p className="text-xs text-slate-500">Ends {when(c.endDate)}</p>
          </li>
        ))}
      </ListCard>
      <ListCard title="Groups" empty="No groups.">
        {member.groups.map((g) => (
          <li key={g.id} className="py-2.5">
            <p className="font-semibold text-slate-900">{g.name}</p>
            <p className="text-xs text-slate-500">
              {g.role === "admin" ? "Group admin" : "Member"} · joined {when(g.joinedAt)}
            </p>
          </li>
        ))}
      </ListCard>
    </>
  );
}

const STATUS_WORDS = { connected: "connected", reconnect: "needs reconnecting", revoke: "disconnecting" };

/**
 * Issue 33: the member's watches, and their last two weeks with each source's own count beside
 * what counted (the larger where sources overlapped), for judging a step flag.
 */
function StepSourcesCard({ member, timeZone }: { member: MemberDetail; timeZone: string }) {
  const { connections, days } = member.stepSources;
  const when = (iso: string) => formatInZone(iso, timeZone);
  return (
    <ListCard title="Steps by Source" empty="No steps in the last two weeks and no watch connected.">
      {[
        ...connections.map((c) => (
          <li key={`connection-${c.vendor}`} className="py-2.5">
            <p className="font-semibold text-slate-900">
              {stepSourceName(c.vendor)} · {STATUS_WORDS[c.status]}
            </p>
            <p className="text-xs text-slate-500">
              Connected {when(c.connectedAt)} ·{" "}
              {c.lastSyncAt ? `last synced ${when(c.lastSyncAt)}` : "never synced"}
              {c.lastError ? ` · ${c.lastError}` : ""}
            </p>
          </li>
        )),
        ...days.map((d) => (
          <li key={d.date} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2.5 text-sm">
            <span className="font-semibold text-slate-900">{d.date}</span>
            <span className="text-slate-600">
              {d.sources.length > 0 ? stepsBySourceText(d.sources) : "Phone only"}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatCount(d.steps)} counted</span>
          </li>
        )),
      ]}
    </ListCard>
  );
}

/** Step flags, and reports about the member and by them. */
export function MemberSafetyCards({ member, timeZone }: { member: MemberDetail; timeZone: string }) {
  const when = (iso: string) => formatInZone(iso, timeZone);
  const report = (r: MemberDetail["reportsAbout"][number], who: string) => (
    <li key={r.id} className="py-2.5">
      <p className="font-semibold text-slate-900">{reportReasonLabel(r.reason)}</p>
      {r.description ? <p className="break-words text-sm text-slate-600">{r.description}</p> : null}
      <p className="text-xs text-slate-500">
        {who}{" "}
        <Link href={`/admin/users/${r.other.id}`} className="font-semibold text-emerald-700 hover:underline">
          @{r.other.username}
        </Link>{" "}
        · {when(r.createdAt)} · {r.reviewedAt ? "reviewed" : "open"}
      </p>
    </li>
  );
  return (
    <>
      <ListCard title="Step Flags" empty="No step flags.">
        {member.stepFlags.map((f) => (
          <li key={f.flaggedAt} className="py-2.5">
            <p className="font-semibold text-slate-900">{f.reason}</p>
            <p className="text-xs text-slate-500">
              Flagged {when(f.flaggedAt)} · {f.refusals} refused syncs ·{" "}
              {f.reviewedAt ? `reviewed ${when(f.reviewedAt)}` : "open"}
            </p>
          </li>
        ))}
      </ListCard>
      <StepSourcesCard member={member} timeZone={timeZone} />
      <ListCard title="Reports About Them" empty="Nobody reported this member.">
        {member.reportsAbout.map((r) => report(r, "By"))}
      </ListCard>
      <ListCard title="Reports By Them" empty="This member reported nobody.">
        {member.reportsBy.map((r) => report(r, "About"))}
      </ListCard>
    </>
  );
}
