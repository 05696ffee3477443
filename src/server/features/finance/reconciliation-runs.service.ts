// The global deposit reconciliation's runs (issue 23 item 4): the daily job and an admin's Global
// Reconcile each leave a row (when, by whom, what it counted, what it found), listed on the
// Finance page, rather than only a line in the server log.
import { formatMinor } from "../../../core/money";
import {
  RECONCILIATION_STATUSES,
  type ReconciliationFinding,
  type ReconciliationRunsPage,
  type ReconciliationStatus,
} from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { storableErrorMessage } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { type ReconcileOutcome, reconcileEveryone } from "../deposits/deposits.service";
import * as repo from "./reconciliation-runs.repo";

/** A catastrophe (thousands of lost payments) is counted in full; its list is kept to this many. */
export const MAX_STORED_FINDINGS = 500;

/**
 * A run still "running" this long after its start is taken for dead (its process stopped midway):
 * a run books each payment in its own short transaction, so even a month of lost payments takes
 * minutes, not hours.
 */
export const STALE_RUN_MS = 2 * 3600 * 1000;
export const STALE_RUN_ERROR = "Did not finish: the process running it stopped";

/**
 * The run's findings, those that failed first (so a cut list keeps what needs an operator), then
 * those this run booked, then those another path booked first.
 */
function findingsOf(outcome: ReconcileOutcome, names: Map<number, string>): ReconciliationFinding[] {
  const booked = new Set(outcome.recovered.map((r) => r.intent.id));
  const errors = new Map(outcome.failed.map((f) => [f.intent.id, storableErrorMessage(f.error)]));
  const rank = (id: string) => (errors.has(id) ? 0 : booked.has(id) ? 1 : 2);
  return [...outcome.missing]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .slice(0, MAX_STORED_FINDINGS)
    .map((p) => ({
      userId: p.userId,
      username: names.get(p.userId) ?? null,
      paymentIntentId: p.id,
      purpose: p.purpose,
      amount: formatMinor(p.amountCents),
      recovered: booked.has(p.id),
      error: errors.get(p.id) ?? null,
    }));
}

function countsOf(
  outcome: ReconcileOutcome,
  names: Map<number, string>,
  usersScanned: number | null,
): repo.RunCounts {
  return {
    usersScanned,
    missingCount: outcome.missing.length,
    recoveredCount: outcome.recovered.length,
    recoveredCents: outcome.recovered.reduce((sum, r) => sum + r.intent.amountCents, 0),
    failedCount: outcome.failed.length,
    findings: findingsOf(outcome, names),
  };
}

/**
 * Runs the global reconciliation and records it: the row is written before the provider is asked
 * (a run that dies midway stays "running" until `markStaleRuns` closes it), then completed:
 * "succeeded", "partial" (some payments could not be booked: each is a finding with its error),
 * or "failed" with what it had booked by then. `adminId` null: the scheduler's daily run.
 */
export async function runGlobalReconciliation(ctx: AppContext, adminId: number | null) {
  const startedAt = ctx.clock.now();
  await repo.markStaleRuns(ctx.db, {
    before: new Date(startedAt.getTime() - STALE_RUN_MS),
    at: startedAt,
    error: STALE_RUN_ERROR,
  });
  const runId = await repo.startRun(ctx.db, { adminId, at: startedAt });
  let outcome: ReconcileOutcome | undefined;
  try {
    outcome = await reconcileEveryone(ctx);
    const [usersScanned, names] = await Promise.all([
      repo.countLiveUsers(ctx.db),
      repo.usernames(ctx.db, [...new Set(outcome.missing.map((p) => p.userId))]),
    ]);
    const counts = countsOf(outcome, names, usersScanned);
    await repo.finishRun(ctx.db, runId, {
      ...counts,
      at: ctx.clock.now(),
      status: outcome.failed.length > 0 ? "partial" : "succeeded",
    });
    return { runId, ...outcome, usersScanned, names, recoveredCents: counts.recoveredCents };
  } catch (err) {
    // Payments booked before the failure stay booked: the run says so rather than losing them.
    await repo.failRun(ctx.db, runId, {
      at: ctx.clock.now(),
      error: storableErrorMessage(err),
      counts: outcome ? countsOf(outcome, new Map(), null) : undefined,
    });
    throw err;
  }
}

/** A run's status as shown: one left "running" past STALE_RUN_MS is dead, whether or not closed yet. */
function shownStatus(run: { status: string; startedAt: Date; error: string | null }, now: Date) {
  const status = (RECONCILIATION_STATUSES as readonly string[]).includes(run.status)
    ? (run.status as ReconciliationStatus)
    : "failed";
  if (status === "running" && now.getTime() - run.startedAt.getTime() > STALE_RUN_MS) {
    return { status: "failed" as const, error: STALE_RUN_ERROR };
  }
  return { status, error: run.error };
}

/** GET /api/admin/reconciliation-runs: newest first, with their findings. */
export async function reconciliationRuns(
  ctx: AppContext,
  viewer: Viewer,
  q: { cursor?: number; limit: number },
): Promise<ReconciliationRunsPage> {
  requireAdmin(viewer);
  const rows = await repo.listRuns(ctx.db, { cursor: q.cursor, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const now = ctx.clock.now();
  return {
    items: page.map(({ run, username }) => ({
      id: run.id,
      trigger: run.trigger === "admin" ? "admin" : "scheduled",
      admin: run.adminId === null ? null : { id: run.adminId, username: username ?? "" },
      ...shownStatus(run, now),
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      usersScanned: run.usersScanned,
      missingCount: run.missingCount,
      recoveredCount: run.recoveredCount,
      recoveredAmount: formatMinor(run.recoveredCents),
      failedCount: run.failedCount,
      // Runs stored before findings had an error carry none.
      findings: (run.findings as ReconciliationFinding[]).map((f) => ({ ...f, error: f.error ?? null })),
    })),
    nextCursor: rows.length > q.limit ? page[page.length - 1].run.id : null,
  };
}
