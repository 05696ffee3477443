import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { ReconciliationFinding } from "../../../core/schemas/finance";
import type { Db } from "../../db/client";
import { reconciliationRuns, users } from "../../db/schema";

export async function startRun(db: Db, p: { adminId: number | null; at: Date }): Promise<number> {
  const [row] = await db
    .insert(reconciliationRuns)
    .values({
      trigger: p.adminId === null ? "scheduled" : "admin",
      adminId: p.adminId,
      startedAt: p.at,
      status: "running",
    })
    .returning({ id: reconciliationRuns.id });
  return row.id;
}

export type RunCounts = {
  usersScanned: number | null;
  missingCount: number;
  recoveredCount: number;
  recoveredCents: number;
  failedCount: number;
  findings: ReconciliationFinding[];
};

/** A run that went through every payment: "succeeded", or "partial" when some could not be booked. */
export async function finishRun(
  db: Db,
  id: number,
  p: RunCounts & { at: Date; status: "succeeded" | "partial" },
) {
  // Unconditional: a slow run that `markStaleRuns` took for dead still gets its true outcome.
  await db
    .update(reconciliationRuns)
    .set({
      finishedAt: p.at,
      status: p.status,
      usersScanned: p.usersScanned,
      missingCount: p.missingCount,
      recoveredCount: p.recoveredCount,
      recoveredCents: p.recoveredCents,
      failedCount: p.failedCount,
      findings: p.findings,
      error: null,
    })
    .where(eq(reconciliationRuns.id, id));
}

/** A run that stopped; `counts`: what it had found and booked before it stopped, when it got that far. */
export async function failRun(db: Db, id: number, p: { at: Date; error: string; counts?: RunCounts }) {
  await db
    .update(reconciliationRuns)
    .set({ finishedAt: p.at, status: "failed", error: p.error, ...(p.counts ?? {}) })
    .where(eq(reconciliationRuns.id, id));
}

/** Closes runs still "running" that started before `before`: their process died (DESIGN 2.4). */
export async function markStaleRuns(db: Db, p: { before: Date; at: Date; error: string }) {
  await db
    .update(reconciliationRuns)
    .set({ status: "failed", finishedAt: p.at, error: p.error })
    .where(and(eq(reconciliationRuns.status, "running"), lt(reconciliationRuns.startedAt, p.before)));
}

/** Runs newest first, paged by id. */
export function listRuns(db: Db, p: { cursor?: number; limit: number }) {
  return db
    .select({ run: reconciliationRuns, username: users.username })
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.adminId))
    .where(p.cursor ? lt(reconciliationRuns.id, p.cursor) : undefined)
    .orderBy(desc(reconciliationRuns.id))
    .limit(p.limit);
}

export async function countLiveUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return row?.n ?? 0;
}

export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}
