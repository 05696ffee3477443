import { Undo2 } from "lucide-react";
import { useState } from "react";
import type { MemberTransaction } from "../../../../../core/schemas/admin-member";
import { auditActionWords } from "../../../../../core/schemas/audit";
import { Button } from "../../../../components/ui/button";
import { Spinner } from "../../../../components/ui/spinner";
import { dollars, fc, formatInZone } from "../../../../lib/format";
import { cn } from "../../../../lib/utils";
import { useMemberAudit, useMemberReconcile, useMemberTransactions } from "../../member-api";
import { auditActorWords } from "../audit-log-model";
import { DepositCheck } from "../user-reconcile-check";
import { ListCard } from "./member-lists-card";
import { ReverseGrantDialog } from "./reverse-grant-dialog";

/** Who moved an admin grant or reversal, and what became of it, under its line. */
function AdminMoveNote({ t, onReverse }: { t: MemberTransaction; onReverse: () => void }) {
  const move = t.adminMove;
  if (!move) return null;
  const by = move.admin ? `@${move.admin.username}` : "an admin";
  if (t.type === "admin_reversal") {
    return (
      <p className="text-xs text-slate-600">
        Reversed by {by}
        {move.reverses ? ` · reverses #${move.reverses}` : ""}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
      <span>Granted by {by}</span>
      {move.reversedBy ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
          Reversed (#{move.reversedBy})
        </span>
      ) : (
        <Button variant="outline" size="sm" onClick={onReverse} aria-label={`Reverse grant #${t.id}`}>
          <Undo2 aria-hidden="true" /> Reverse
        </Button>
      )}
    </div>
  );
}

/**
 * The member's ledger history (dollars and FitCoins), newest first, 25 at a time. Admin grants
 * show their author and reason (the line), and can be reversed (issue 23).
 */
export function MemberLedgerCard({
  id,
  username,
  timeZone,
}: {
  id: number;
  username: string;
  timeZone: string;
}) {
  const history = useMemberTransactions(id);
  const [reversing, setReversing] = useState<MemberTransaction | null>(null);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  if (history.isPending) return <Spinner label="Loading transactions" />;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <ListCard
        title="Transactions"
        empty={history.isError ? "Could not load transactions." : "No transactions."}
      >
        {items.map((t) => (
          <li key={t.id} className="flex items-center gap-3 py-2.5" data-testid="member-transaction">
            <div className="grid min-w-0 flex-1 gap-0.5">
              {/* A grant's or reversal's line is its reason: shown whole, not cut. */}
              <p className={cn("font-semibold text-slate-900", t.adminMove ? "break-words" : "truncate")}>
                {t.description}
              </p>
              <p className="text-xs text-slate-500">
                {t.type.replace(/_/g, " ")}
                {t.source === "card" ? " · by card" : ""} · {formatInZone(t.createdAt, timeZone)}
              </p>
              <AdminMoveNote t={t} onReverse={() => setReversing(t)} />
            </div>
            <span
              className={`font-bold tabular-nums ${t.amount.startsWith("+") ? "text-emerald-700" : "text-slate-900"}`}
            >
              {t.amount.slice(0, 1)}
              {t.currency === "USD" ? dollars(t.amount.slice(1)) : fc(t.amount.slice(1))}
            </span>
          </li>
        ))}
      </ListCard>
      {history.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={history.isFetchingNextPage}
          onClick={() => history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
      <ReverseGrantDialog
        memberId={id}
        username={username}
        grant={reversing}
        onClose={() => setReversing(null)}
      />
    </div>
  );
}

/** What admins did about this member, newest first (the audit log). */
export function MemberAuditCard({ id, timeZone }: { id: number; timeZone: string }) {
  const log = useMemberAudit(id);
  return (
    <ListCard
      title="Admin Actions"
      empty={
        log.isPending ? "Loading..." : log.isError ? "Could not load the audit log." : "No admin actions yet."
      }
    >
      {(log.data?.items ?? []).map((e) => (
        <li key={e.id} className="py-2.5">
          <p className="font-semibold text-slate-900">
            {auditActionWords(e.action)}{" "}
            <span className="font-normal text-slate-500">{auditActorWords(e)}</span>
          </p>
          {e.reason ? <p className="break-words text-sm text-slate-600">{e.reason}</p> : null}
          <p className="text-xs text-slate-500">{formatInZone(e.createdAt, timeZone)}</p>
        </li>
      ))}
    </ListCard>
  );
}

/** The Current User Check (specification 3) run for this member's own card payments. */
export function MemberReconcileCard({ id, username }: { id: number; username: string }) {
  const reconcile = useMemberReconcile(id);
  return (
    <DepositCheck
      title="Current User Check"
      description={`Compares @${username}'s card payments of the last 30 days with their wallet and credits any payment that never arrived.`}
      buttonLabel="Check Their Deposits"
      failureTitle="User Reconciliation Failed"
      check={{ mutateAsync: () => reconcile.mutateAsync(), isPending: reconcile.isPending }}
    />
  );
}
