import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import { type Db, preparedOnce, queryRows, type Tx } from "../../db/client";
import { groupedCalls } from "../../db/grouped-calls";
import { stepDays, stepFlags, stepRefusals } from "../../db/schema";

/** One lock per member (two-key advisory lock: this namespace and the user id) for a sync. */
const SYNC_LOCK_NAMESPACE = 51_900;

export async function lockMemberSteps(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_NAMESPACE}, ${userId})`);
}

export type SyncBatchResult = {
  /** The batch was counted before: nothing stored again. */
  seen: boolean;
  /** Above the plausible cadence: nothing stored. */
  refused: boolean;
  /** The latest accepted batch's time before this sync (null: the member's first). */
  latest: Date | null;
  /** The member's steps on `today` after this sync (null when refused). */
  totalSteps: number | null;
};

const p = (name: string) => sql.placeholder(name);

const stepSync = preparedOnce((db, name) =>
  db
    .select({
      seen: sql<boolean>`seen`,
      refused: sql<boolean>`refused`,
      latest: sql<string | Date | null>`latest`,
      totalSteps: sql<number | null>`total_steps`,
    })
    .from(
      sql`step_sync(${p("userId")}::integer, ${p("batchId")}::uuid, ${p("steps")}::integer,
        ${p("recordedAt")}::timestamptz, ${p("receivedAt")}::timestamptz, ${p("localDate")}::date,
        ${p("today")}::date, null::timestamptz)`,
    )
    .prepare(name("step_sync")),
);

/**
 * One sync in one round trip, under the member's sync lock (the function step_sync of
 * migrations 0003, 0004, 0016, 0020 and 0022): the idempotency check by batch id, the member's
 * plausibility budget (step_budgets; the function's last argument is no longer read, so null),
 * the insert, and the member's steps on `today` (step_days, kept by a trigger). Built once per
 * database (preparedOnce: named on each connection unless behind a transaction pooler), as every
 * sync asks it.
 */
export async function syncBatch(
  db: Db,
  batch: {
    userId: number;
    batchId: string;
    steps: number;
    recordedAt: Date;
    receivedAt: Date;
    localDate: string;
  },
  today: string,
): Promise<SyncBatchResult> {
  const [row] = await stepSync(db).execute({
    userId: batch.userId,
    batchId: batch.batchId,
    steps: batch.steps,
    recordedAt: batch.recordedAt.toISOString(),
    receivedAt: batch.receivedAt.toISOString(),
    localDate: batch.localDate,
    today,
  });
  return {
    seen: row.seen,
    refused: row.refused,
    latest: row.latest === null ? null : new Date(row.latest),
    totalSteps: row.totalSteps,
  };
}

const sessionStepSyncs = preparedOnce((db, name) =>
  db
    .select({
      ord: sql<number>`ord`,
      userId: sql<number | null>`user_id`,
      timeZone: sql<string | null>`time_zone`,
      handled: sql<boolean>`handled`,
      seen: sql<boolean | null>`seen`,
      refused: sql<boolean | null>`refused`,
      latest: sql<string | Date | null>`latest`,
      totalSteps: sql<number | null>`total_steps`,
    })
    .from(
      sql`step_sync_sessions(${p("tokenHashes")}::text[], ${p("fingerprints")}::text[],
        ${p("timeZones")}::text[], ${p("now")}::timestamptz[], ${p("freshUntil")}::timestamptz[],
        ${p("batchIds")}::uuid[], ${p("steps")}::integer[], ${p("recordedAt")}::timestamptz[],
        ${p("localDates")}::date[], ${p("todays")}::date[], null::timestamptz[],
        ${p("lockTimeout")}::text)`,
    )
    .prepare(name("step_sync_sessions")),
);

export type SessionSyncResult =
  | { handled: true; userId: number; sync: SyncBatchResult }
  /** Nothing stored. `timeZone`: the member's zone when only the caller's dates were wrong. */
  | { handled: false; timeZone: string | null };

export type SessionSync = {
  session: { tokenHash: string; fingerprint: string | null; now: Date; freshUntil: Date };
  batch: {
    timeZone: string | null;
    batchId: string;
    steps: number;
    recordedAt: Date;
    localDate: string | null;
    today: string | null;
  };
};

type SessionSyncRow = Awaited<ReturnType<ReturnType<typeof sessionStepSyncs>["execute"]>>[number];

function sessionSyncResult(row: SessionSyncRow | undefined): SessionSyncResult {
  if (!row) throw new Error("step_sync_sessions answered no row for a sync");
  if (!row.handled || row.userId === null) {
    return { handled: false, timeZone: row.userId === null ? null : row.timeZone };
  }
  return {
    handled: true,
    userId: row.userId,
    sync: {
      seen: row.seen === true,
      refused: row.refused === true,
      latest: row.latest === null ? null : new Date(row.latest),
      totalSteps: row.totalSteps,
    },
  };
}

/** How long syncs that go together wait for a lock before each is tried alone (db/grouped-calls). */
export const GROUP_LOCK_TIMEOUT_MS = 200;

/**
 * Several session syncs in one round trip and one transaction (the function step_sync_sessions of
 * migration 0018, which applies step_sync_session of 0016 to each): each is stored only when its
 * session is certainly usable for a sync and its `timeZone` is the member's, the zone in which the
 * caller computed `localDate` and `today` (null: not known yet). Answers one result per sync, in
 * order. Several syncs fail together, storing nothing, when one of them waits longer than
 * `lockTimeoutMs` for a lock; one sync alone waits as long as it must.
 */
export async function syncBatchesForSessions(
  db: Db,
  syncs: SessionSync[],
  lockTimeoutMs = GROUP_LOCK_TIMEOUT_MS,
): Promise<SessionSyncResult[]> {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const rows = await sessionStepSyncs(db).execute({
    lockTimeout: syncs.length > 1 ? `${lockTimeoutMs}ms` : null,
    tokenHashes: syncs.map((s) => s.session.tokenHash),
    fingerprints: syncs.map((s) => s.session.fingerprint),
    timeZones: syncs.map((s) => s.batch.timeZone),
    now: syncs.map((s) => iso(s.session.now)),
    freshUntil: syncs.map((s) => iso(s.session.freshUntil)),
    batchIds: syncs.map((s) => s.batch.batchId),
    steps: syncs.map((s) => s.batch.steps),
    recordedAt: syncs.map((s) => iso(s.batch.recordedAt)),
    localDates: syncs.map((s) => s.batch.localDate),
    todays: syncs.map((s) => s.batch.today),
  });
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return syncs.map((_, i) => sessionSyncResult(byOrd.get(i + 1)));
}

/**
 * Calls of step_sync_sessions in the database at once, each carrying the syncs that waited for it
 * (db/grouped-calls), at most SYNCS_PER_CALL. Two: while one call commits, the next runs. More
 * calls of fewer syncs each did less on this two-core machine (bench:sync: about 87-96% of the
 * database's limit with two, 63-72% with four or eight); an idle server sends each sync alone.
 */
export const SYNCS_IN_FLIGHT = 2;
export const SYNCS_PER_CALL = 64;

const groupedSessionSyncs = preparedOnce((db) =>
  groupedCalls<SessionSync, SessionSyncResult>({
    maxInFlight: SYNCS_IN_FLIGHT,
    maxGroup: SYNCS_PER_CALL,
    run: (syncs) => syncBatchesForSessions(db, syncs),
  }),
);

/** How the syncs went together so far (calls, syncs in them), for tests and benchmarks. */
export const sessionSyncStats = (db: Db) => groupedSessionSyncs(db).stats;

/**
 * The session check and the sync in one round trip, together with the other syncs of the moment
 * (syncBatchesForSessions). Never inside a transaction: `db` is the database itself.
 */
export async function syncBatchForSession(
  db: Db,
  session: SessionSync["session"],
  batch: SessionSync["batch"],
): Promise<SessionSyncResult> {
  return groupedSessionSyncs(db)({ session, batch });
}

/**
 * The member's plausibility budget as step_sync reads it (migration 0022): the allowance left and
 * the time 4 steps a second are counted from; `fresh` when nothing was ever counted (from the
 * account's creation, less the clock slack).
 */
export async function stepBudget(
  db: Db,
  userId: number,
): Promise<{ leftSteps: number; countedTo: Date; fresh: boolean }> {
  const [row] = await queryRows<{ left_steps: number; counted_to: Date | string; fresh: boolean }>(
    db,
    sql`select coalesce(s.left_steps, 30)::int as left_steps,
        coalesce(s.counted_to, greatest(
          (select max(b.recorded_at) from step_batches b where b.user_id = u.id and b.source is null),
          u.created_at - interval '5 minutes')) as counted_to,
        s.user_id is null and not exists (
          select 1 from step_batches b where b.user_id = u.id and b.source is null) as fresh
      from users u left join step_budgets s on s.user_id = u.id
      where u.id = ${userId}`,
  );
  if (!row) throw new Error(`no user ${userId}`);
  return { leftSteps: row.left_steps, countedTo: new Date(row.counted_to), fresh: row.fresh };
}

export async function recordRefusal(
  tx: Tx,
  row: typeof stepRefusals.$inferInsert,
  since: Date,
): Promise<number> {
  await tx.insert(stepRefusals).values(row);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(stepRefusals)
    .where(and(eq(stepRefusals.userId, row.userId), gt(stepRefusals.createdAt, since)));
  return count;
}

/** Flags the account for review; an open flag stays as it is, a reviewed one opens again. */
export async function flagForReview(tx: Tx, userId: number, at: Date, reason: string) {
  await tx
    .insert(stepFlags)
    .values({ userId, flaggedAt: at, reason })
    .onConflictDoUpdate({
      target: stepFlags.userId,
      set: { flaggedAt: at, reason, reviewedAt: null },
      setWhere: sql`${stepFlags.reviewedAt} is not null`,
    });
}

export async function stepFlag(db: Db, userId: number) {
  const [row] = await db.select().from(stepFlags).where(eq(stepFlags.userId, userId));
  return row ?? null;
}

/** The member's steps on one of their local days. */
export async function stepsOnDate(db: Db | Tx, userId: number, date: string): Promise<number> {
  const [row] = await db
    .select({ steps: stepDays.steps })
    .from(stepDays)
    .where(and(eq(stepDays.userId, userId), eq(stepDays.localDate, date)));
  return row?.steps ?? 0;
}

/** Steps per local day from `from` to `to` inclusive; days without steps are absent. */
export async function stepsByDate(db: Db | Tx, userId: number, from: string, to: string) {
  return db
    .select({ date: stepDays.localDate, steps: stepDays.steps })
    .from(stepDays)
    .where(and(eq(stepDays.userId, userId), gte(stepDays.localDate, from), lte(stepDays.localDate, to)));
}

/** A source's steps on a day (issue 33): the larger of its quarter hours' sum and its day total. */
const sourceDaySteps = sql`greatest(steps, coalesce(day_total, 0))`;

/** Each source's steps per local day from `from` to `to` (issue 33), phone first; none for the phone alone. */
export async function sourceStepsByDate(db: Db | Tx, userId: number, from: string, to: string) {
  return queryRows<{ date: string; source: string; steps: number }>(
    db,
    sql`select local_date::text as date, source, ${sourceDaySteps} as steps
      from step_source_days
      where user_id = ${userId} and local_date >= ${from}::date and local_date <= ${to}::date
      order by local_date, source <> 'phone', source`,
  );
}

/** One source's steps on each of `days` that it has any. */
export async function sourceStepsOn(db: Db | Tx, userId: number, source: string, days: string[]) {
  if (days.length === 0) return [];
  return queryRows<{ date: string; steps: number }>(
    db,
    sql`select local_date::text as date, ${sourceDaySteps} as steps from step_source_days
      where user_id = ${userId} and source = ${source}
        and local_date in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )})`,
  );
}

/**
 * Days whose steps changed since the points job last paid them (migration 0009), by member,
 * members after `afterUserId` (the job's cursor through one run).
 */
export async function pendingPointDays(db: Db, afterUserId: number, limit: number) {
  return db
    .select({ userId: stepDays.userId, localDate: stepDays.localDate, steps: stepDays.steps })
    .from(stepDays)
    .where(and(eq(stepDays.pointsPending, true), gt(stepDays.userId, afterUserId)))
    .orderBy(stepDays.userId, stepDays.localDate)
    .limit(limit);
}

/**
 * Marks days paid, each only if its total is still the one paid for: a batch stored meanwhile
 * leaves its day pending for the next run.
 */
export async function clearPointsPending(
  db: Db | Tx,
  days: { userId: number; localDate: string; steps: number }[],
): Promise<void> {
  if (days.length === 0) return;
  const rows = sql.join(
    days.map((d) => sql`(${d.userId}::integer, ${d.localDate}::date, ${d.steps}::integer)`),
    sql`, `,
  );
  // A day a sync is adding to right now is passed over (it will be pending again anyway): waiting
  // for it, while holding the other members' days, could close a cycle with syncs that went
  // together (step_sync_sessions), which hold several members' days.
  await db.execute(sql`
    update step_days d set points_pending = false
    where (d.user_id, d.local_date) in (
      select s.user_id, s.local_date from step_days s
        join (values ${rows}) as paid(user_id, local_date, steps)
          on s.user_id = paid.user_id and s.local_date = paid.local_date and s.steps = paid.steps
        where s.points_pending
        for update of s skip locked)`);
}
