import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import { type Db, preparedOnce, queryRows, type Tx } from "../../db/client";
import { stepDays, stepFlags, stepRefusals } from "../../db/schema";
import { renewalGraceMs } from "../../http/viewer";

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

const stepSync = preparedOnce((db) =>
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
        ${p("today")}::date, ${p("latestAllowed")}::timestamptz)`,
    )
    .prepare("step_sync"),
);

/**
 * One sync in one round trip, under the member's sync lock (the function step_sync of
 * migrations 0003, 0004 and 0016): the idempotency check by batch id, the cadence check against the
 * latest accepted batch (plausible when none is later than `latestAllowed`; null: any), the
 * insert, and the member's steps on `today` (step_days, kept by a trigger). Prepared once per
 * database (and on each connection), as every sync asks it.
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
  latestAllowed: Date | null,
): Promise<SyncBatchResult> {
  const [row] = await stepSync(db).execute({
    userId: batch.userId,
    batchId: batch.batchId,
    steps: batch.steps,
    recordedAt: batch.recordedAt.toISOString(),
    receivedAt: batch.receivedAt.toISOString(),
    localDate: batch.localDate,
    today,
    latestAllowed: latestAllowed?.toISOString() ?? null,
  });
  return {
    seen: row.seen,
    refused: row.refused,
    latest: row.latest === null ? null : new Date(row.latest),
    totalSteps: row.totalSteps,
  };
}

const sessionStepSync = preparedOnce((db) =>
  db
    .select({
      userId: sql<number | null>`user_id`,
      timeZone: sql<string | null>`time_zone`,
      handled: sql<boolean>`handled`,
      seen: sql<boolean | null>`seen`,
      refused: sql<boolean | null>`refused`,
      latest: sql<string | Date | null>`latest`,
      totalSteps: sql<number | null>`total_steps`,
    })
    .from(
      sql`step_sync_session(${p("tokenHash")}::text, ${p("fingerprint")}::text, ${p("timeZone")}::text,
        ${p("now")}::timestamptz, ${p("freshUntil")}::timestamptz, ${p("batchId")}::uuid,
        ${p("steps")}::integer, ${p("recordedAt")}::timestamptz, ${p("localDate")}::date,
        ${p("today")}::date, ${p("latestAllowed")}::timestamptz)`,
    )
    .prepare("step_sync_session"),
);

export type SessionSyncResult =
  | { handled: true; userId: number; sync: SyncBatchResult }
  /** Nothing stored. `timeZone`: the member's zone when only the caller's dates were wrong. */
  | { handled: false; timeZone: string | null };

/**
 * The session check and the sync in one round trip (the function step_sync_session of migration
 * 0016): stored only when the session is certainly usable for a sync and `timeZone` is the
 * member's, the zone in which the caller computed `localDate` and `today` (null: not known yet).
 */
export async function syncBatchForSession(
  db: Db,
  session: { tokenHash: string; fingerprint: string | null; now: Date; freshUntil: Date },
  batch: {
    timeZone: string | null;
    batchId: string;
    steps: number;
    recordedAt: Date;
    localDate: string | null;
    today: string | null;
  },
  latestAllowed: Date | null,
): Promise<SessionSyncResult> {
  const [row] = await sessionStepSync(db).execute({
    tokenHash: session.tokenHash,
    fingerprint: session.fingerprint,
    timeZone: batch.timeZone,
    now: session.now.toISOString(),
    freshUntil: session.freshUntil.toISOString(),
    batchId: batch.batchId,
    steps: batch.steps,
    recordedAt: batch.recordedAt.toISOString(),
    localDate: batch.localDate,
    today: batch.today,
    latestAllowed: latestAllowed?.toISOString() ?? null,
  });
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

export type LeaderRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  steps: number;
  rank: number;
};

/**
 * The members who take part in the leaderboard and their steps this week: each member's own
 * week, Monday to today in their time zone (the days their dashboard shows), read from the daily
 * totals. Taking part: subscribed (as the viewer check reads it, renewal grace included), rules
 * accepted, not deleted or banned, with at least one step this week.
 */
function weekTotals(at: Date) {
  const stripeCutoff = new Date(at.getTime() - renewalGraceMs("stripe")).toISOString();
  const otherCutoff = new Date(at.getTime() - renewalGraceMs("sandbox")).toISOString();
  const now = at.toISOString();
  return sql`
    with week as (
      select d.user_id, sum(d.steps)::int as steps
      from step_days d
      join users u on u.id = d.user_id
      where d.local_date >= date_trunc('week', ${now}::timestamptz at time zone u.time_zone)::date
        and d.local_date <= (${now}::timestamptz at time zone u.time_zone)::date
      group by d.user_id
    ),
    eligible as (
      select u.id as user_id, u.first_name, u.last_name, u.profile_image_url, w.steps
      from week w
      join users u on u.id = w.user_id
      join subscriptions s on s.user_id = u.id
      where u.rules_accepted_at is not null and u.deleted_at is null and u.banned_at is null
        and (
          (s.status = 'cancel_at_period_end' and s.current_period_end > ${now}::timestamptz)
          or (s.status not in ('cancel_at_period_end', 'expired') and s.current_period_end >
              case when s.provider = 'stripe' then ${stripeCutoff}::timestamptz else ${otherCutoff}::timestamptz end)
        )
    )`;
}

export async function leaderboardTop(db: Db, at: Date, limit: number): Promise<LeaderRow[]> {
  return queryRows<LeaderRow>(
    db,
    sql`${weekTotals(at)}
    select user_id, first_name, last_name, profile_image_url, steps,
           (rank() over (order by steps desc))::int as rank
    from eligible
    order by steps desc, user_id
    limit ${limit}`,
  );
}

/** A member's steps this week and how many eligible members walked more. */
export async function leaderboardPosition(db: Db, userId: number, at: Date) {
  const [row] = await queryRows<{ ahead: number; steps: number }>(
    db,
    sql`${weekTotals(at)}
    select
      (select count(*)::int from eligible e
        where e.steps > coalesce((select steps from week where user_id = ${userId}), 0)) as ahead,
      coalesce((select steps from week where user_id = ${userId}), 0) as steps`,
  );
  return row;
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
  await db.execute(sql`
    update step_days d set points_pending = false
    from (values ${rows}) as paid(user_id, local_date, steps)
    where d.user_id = paid.user_id and d.local_date = paid.local_date and d.steps = paid.steps
      and d.points_pending`);
}
