import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, LocateFixed, Medal, Trophy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { formatCount } from "../../../core/numbers";
import type { StandingsPage, StandingsRow } from "../../../core/schemas/competitions";
import { useTimeZone } from "../../features/auth/use-time-zone";
import { MemberNameMenu } from "../../features/safety/components/member-menus";
import { fc, formatInZone } from "../../lib/format";
import { cn } from "../../lib/utils";
import { ListError, ListLoading } from "../layout/list-page";
import { EmptyState, PageHeader } from "../layout/page";
import { Avatar, initialsOf } from "../ui/avatar";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { earnsMedal } from "./standings-list";

const medal = ["text-amber-500", "text-slate-400", "text-orange-700"];

/** The page of the address (`?page=3`), 1 when missing or unreadable, and a way to move to another. */
export function useStandingsPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const go = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete("page");
      else updated.set("page", String(next));
      return updated;
    });
  return [page, go];
}

/** What the board is: live, waiting for the payout, or final. */
export function boardState(data: Pick<StandingsPage, "final" | "competition">): string {
  if (data.final) return data.competition.settlement === "refunded" ? "Final: refunded" : "Final standings";
  switch (data.competition.settlement) {
    case "under_review":
      return "Results under review";
    case "pending":
      return "Counting late syncs";
    default:
      return data.competition.status === "upcoming" ? "Not started" : "Live";
  }
}

const nameOf = (e: Pick<StandingsRow, "firstName" | "lastName">) =>
  `${e.firstName} ${e.lastName}`.trim() || "Member";

function Row({ entry, own, final }: { entry: StandingsRow; own: boolean; final: boolean }) {
  // After the payout a medal marks who was paid; before it, who is in line (DESIGN 1, payout).
  const medalled = final ? entry.prize !== null && entry.position <= 3 : earnsMedal(entry);
  return (
    <li
      id={own ? "my-standing" : undefined}
      aria-current={own ? "true" : undefined}
      tabIndex={own ? -1 : undefined}
      className={cn(
        "flex scroll-mt-24 items-center gap-3 rounded-xl px-3 py-2 outline-none",
        own ? "bg-emerald-50 ring-2 ring-emerald-300" : "bg-white",
      )}
    >
      <span className="flex w-9 shrink-0 justify-center text-sm font-bold text-slate-700 tabular-nums">
        {medalled ? (
          <Medal className={cn("size-5", medal[entry.position - 1])} aria-label={`#${entry.position}`} />
        ) : (
          entry.position
        )}
      </span>
      <Avatar
        imageUrl={entry.profileImageUrl}
        initials={initialsOf(entry.firstName, entry.lastName, "?")}
        className="size-8 text-xs"
      />
      <span className="min-w-0 flex-1 truncate text-sm font-semibold">
        {own ? (
          nameOf(entry)
        ) : (
          <MemberNameMenu member={{ id: entry.userId, name: nameOf(entry) }}>{nameOf(entry)}</MemberNameMenu>
        )}
        {own ? <span className="ml-1 text-xs font-bold text-emerald-700">(You)</span> : null}
      </span>
      <span className="text-right">
        <span className="block text-sm font-bold tabular-nums">{formatCount(entry.steps)}</span>
        {entry.prize !== null ? (
          <span className="block text-xs font-bold text-amber-800 tabular-nums">+{fc(entry.prize)}</span>
        ) : null}
      </span>
    </li>
  );
}

function Summary({ data }: { data: StandingsPage }) {
  const timeZone = useTimeZone();
  const c = data.competition;
  const me = data.me;
  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-bold",
              data.final ? "bg-slate-200 text-slate-800" : "bg-emerald-100 text-emerald-900",
            )}
            data-testid="board-state"
          >
            {boardState(data)}
          </span>
          <span className="text-xs text-slate-600">
            {formatInZone(c.startDate, timeZone)} to {formatInZone(c.endDate, timeZone)}
          </span>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-xl bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">Walkers</dt>
            <dd className="font-bold tabular-nums">{formatCount(data.total)}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{data.final ? "Paid out" : "Prize pool"}</dt>
            <dd className="font-bold tabular-nums">{fc(data.final ? c.paidOut : c.prizePool)}</dd>
          </div>
          <div className="rounded-xl bg-emerald-50 p-2">
            <dt className="text-xs text-emerald-800">Your place</dt>
            <dd className="font-bold text-emerald-950 tabular-nums" data-testid="my-place">
              {me ? `#${me.position}` : "-"}
            </dd>
          </div>
        </dl>
        {me?.prize ? (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
            You won {fc(me.prize)}.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (p: number) => void;
}) {
  return (
    <nav aria-label="Standings pages" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * A competition's (or a group round's) full standings, one server page at a time: the viewer's
 * row highlighted, "Jump to my place" from any page, and once paid the final positions and prizes.
 */
export function FullStandings({
  title,
  backHref,
  backLabel,
  query,
  viewerId,
  page,
  onPage,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  query: UseQueryResult<StandingsPage | null>;
  viewerId: number | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const [jumping, setJumping] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const data = query.data;
  const mine = data?.entries.some((e) => e.userId === viewerId) ?? false;

  // Once the viewer's page has arrived, their row is scrolled to and focused.
  useEffect(() => {
    if (!jumping || !mine) return;
    const row = listRef.current?.querySelector<HTMLElement>("#my-standing");
    row?.scrollIntoView({ block: "center" });
    row?.focus({ preventScroll: true });
    setJumping(false);
  }, [jumping, mine]);

  const jump = () => {
    if (!data?.me) return;
    setJumping(true);
    if (data.me.page !== page) onPage(data.me.page);
  };

  const heading = data ? `${data.competition.name} standings` : title;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <PageHeader title={heading} backHref={backHref} backLabel={backLabel} />
      {query.isPending ? (
        <ListLoading label="Loading standings" />
      ) : query.isError ? (
        <ListError message="Could not load the standings." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <EmptyState icon={Trophy} title="Standings Not Found">
          This competition does not exist, or you cannot see it.
        </EmptyState>
      ) : (
        <>
          <Summary data={data} />
          {data.me ? (
            <Button variant="secondary" onClick={jump} className="justify-self-start">
              <LocateFixed aria-hidden="true" /> Jump to my place
            </Button>
          ) : null}
          {data.entries.length === 0 ? (
            <p className="rounded-xl bg-white px-4 py-6 text-center text-sm text-slate-600">
              {data.total === 0 ? "Nobody has joined yet." : "No walkers on this page."}
            </p>
          ) : (
            <ol ref={listRef} className="grid gap-1.5" aria-label={`${data.competition.name} standings`}>
              {data.entries.map((entry) => (
                <Row key={entry.userId} entry={entry} own={entry.userId === viewerId} final={data.final} />
              ))}
            </ol>
          )}
          {data.pageCount > 1 || page > 1 ? (
            <Pager page={page} pageCount={Math.max(data.pageCount, page)} onPage={onPage} />
          ) : null}
        </>
      )}
    </div>
  );
}
