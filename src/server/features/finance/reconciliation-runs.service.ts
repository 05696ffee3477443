// The global deposit reconciliation's runs (issue 23 item 4): the daily job and an admin's Global
// Reconcile each leave a row (when, by whom, what it counted, what it found), listed on the
// Finance page, rather than only a line in the server log.
import { formatMinor } from "../../../core/money";
import type { ReconciliationFinding, ReconciliationRunsPage } from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { reconcileEveryone } from "../deposits/deposits.service";
import * as repo from "./reconciliation-runs.repo";

/** A catastrophe (thousands of lost payments) is counted in full; its list is kept to this many. */
export const MAX_STORED_FINDINGS = 500;

/**
 * Runs the global reconciliation and records it: the row is written before the provider is asked
 * (a run that dies midway stays "running", visibly unfinished), then completed or marked failed.
 * `adminId` null: the scheduler's daily run.
 */
export async function runGlobalReconciliation(ctx: AppContext, adminId: number | null) {
  const runId = await repo.startRun(ctx.db, { adminId, at: ctx.clock.now() });
  try {
    const outcome = await reconcileEveryone(ctx);
    const booked = new Set(outcome.recovered.map((r) => r.intent.id));
    const [usersScanned, names] = await Promise.all([
      repo.countLiveUsers(ctx.db),
      repo.usernames(ctx.db, [...new Set(outcome.missing.map((p) => p.userId))]),
    ]);
    const recoveredCents = outcome.recovered.reduce((sum, r) => sum + r.intent.amountCents, 0);
    const findings: ReconciliationFinding[] = outcome.missing.slice(0, MAX_STORED_FINDINGS).map((p) => ({
      userId: p.userId,
      username: names.get(p.userId) ?? null,
      paymentIntentId: p.id,
      purpose: p.purpose,
      amount: formatMinor(p.amountCents),
      recovered: booked.has(p.id),
    }));
    await repo.finishRun(ctx.db, runId, {
      at: ctx.clock.now(),
      usersScanned,
      missingCount: outcome.missing.length,
      recoveredCount: outcome.recovered.length,
      recoveredCents,
      findings,
    });
    return { runId, ...outcome, usersScanned, names, recoveredCents };
  } catch (err) {
    await repo.failRun(ctx.db, runId, {
      at: ctx.clock.now(),
      error: err instanceof Error ? err.message : String(err),
    });
    throw err;
  }
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
  return {
    items: page.map(({ run, username }) => ({
      id: run.id,
      trigger: run.trigger === "admin" ? "admin" : "scheduled",
      admin: run.adminId === null ? null : { id: run.adminId, username: username ?? "" },
      status: run.status === "running" || run.status === "failed" ? run.status : "succeeded",
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      usersScanned: run.usersScanned,
      missingCount: run.missingCount,
      recoveredCount: run.recoveredCount,
      recoveredAmount: formatMinor(run.recoveredCents),
      findings: run.findings as ReconciliationFinding[],
      error: run.error,
    })),
    nextCursor: rows.length > q.limit ? page[page.length - 1].run.id : null,
  };
}
